//! This machine's addresses on the local network, to print beside the
//! server's address so that phones at the table can join. The interfaces
//! are listed by the operating system (the `if-addrs` crate); no packet is
//! sent anywhere.

use std::net::IpAddr;

/// The machine's non-loopback, non-link-local addresses, IPv4 first.
pub fn lan_addresses() -> Vec<IpAddr> {
    let Ok(interfaces) = if_addrs::get_if_addrs() else {
        return Vec::new();
    };
    let mut out: Vec<IpAddr> = interfaces
        .iter()
        .map(|i| i.ip())
        .filter(|ip| match ip {
            IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_link_local() && !v4.is_unspecified(),
            IpAddr::V6(v6) => {
                !v6.is_loopback() && !v6.is_unspecified() && (v6.segments()[0] & 0xffc0) != 0xfe80
            }
        })
        .collect();
    out.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_loopback_address_is_listed() {
        assert!(super::lan_addresses().iter().all(|ip| !ip.is_loopback()));
    }
}
