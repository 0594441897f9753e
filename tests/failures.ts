// A Playwright reporter that appends every failed test, short (its title,
// where it is, the first lines of its error), to artifacts/failures.txt.
// `cargo xtask test` prints that file last, so that a failure is at the end
// of a long log, where CI shows it, and not above the Rust checks' output.
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { appendFileSync, mkdirSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";

const FILE = join(__dirname, "artifacts", "failures.txt");
const ERROR_LINES = 12;

export default class Failures implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus || result.status === "skipped") return;
    const where = `${relative(join(__dirname, ".."), test.location.file)}:${test.location.line}`;
    const error = (result.error?.message ?? result.error?.value ?? "")
      // Without the terminal's colours.
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .slice(0, ERROR_LINES)
      .map((line) => `    ${line}`)
      .join("\n");
    const file = basename(test.location.file);
    const title = test
      .titlePath()
      .filter((part) => part && part !== file)
      .join(" › ");
    const seconds = (result.duration / 1000).toFixed(1);
    mkdirSync(dirname(FILE), { recursive: true });
    appendFileSync(FILE, `✘ ${where} › ${title} (${result.status}, ${seconds}s)\n${error}\n\n`);
  }

  printsToStdio() {
    return false;
  }
}
