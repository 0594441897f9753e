//! The `barricade` command. The engine protocol arrives with the rules issue.

fn main() {
    eprintln!("barricade: no commands yet (see docs/protocol.md once it exists)");
    std::process::exit(2);
}
