import ipaddr from 'ipaddr.js';
import { z } from './zod-setup';

/** Networks written as CIDR (docs/second-factor.md#policy): IPv4 or IPv6, checked by ipaddr.js. */
export const networkMessages = {
  cidr: 'IP 대역을 주소/길이 형식으로 입력해 주세요. (예: 10.0.0.0/8, 192.168.0.10/32, ::1/128)',
  cidrHostBits: '대역의 시작 주소로 입력해 주세요. (예: 192.168.1.0/24)',
} as const;

/** A CIDR's network address and prefix, normalised (`10.0.0.0/8`), or null when it is not one. */
export function normalizeCidr(value: string): string | null {
  const text = value.trim();
  if (!ipaddr.isValidCIDR(text)) return null;
  const [address, prefix] = ipaddr.parseCIDR(text);
  return `${address.toNormalizedString()}/${prefix}`;
}

/** True when the CIDR has no bits set after its prefix (`10.0.0.5/8` is a typo of a host or of a network). */
function isNetworkAddress(value: string): boolean {
  const [address, prefix] = ipaddr.parseCIDR(value.trim());
  const first = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(value.trim()) : null;
  if (first) return first.toNormalizedString() === address.toNormalizedString();
  const bytes = address.toByteArray();
  for (let bit = prefix; bit < bytes.length * 8; bit++) {
    if ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1) return false;
  }
  return true;
}

export const cidrSchema = z
  .string()
  .trim()
  .max(64, networkMessages.cidr)
  .refine((value) => ipaddr.isValidCIDR(value), networkMessages.cidr)
  .refine((value) => !ipaddr.isValidCIDR(value) || isNetworkAddress(value), networkMessages.cidrHostBits);

/**
 * True when `ip` (as the server sees the client: IPv4, IPv6 or IPv4-mapped IPv6) lies in one of the networks.
 * An unparsable address lies in none.
 */
export function inNetworks(ip: string | null | undefined, networks: readonly string[]): boolean {
  if (!ip || !ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return networks.some((cidr) => {
    if (!ipaddr.isValidCIDR(cidr)) return false;
    const [network, prefix] = ipaddr.parseCIDR(cidr);
    return network.kind() === address.kind() && address.match(network, prefix);
  });
}

export const LOOPBACK_NETWORKS = ['127.0.0.0/8', '::1/128'] as const;

export const networkRuleMessages = {
  targetRequired: '역할 또는 관리자 중 하나를 선택해 주세요.',
  selfLockout:
    '이 변경을 저장하면 지금 접속한 주소에서 내 계정이 차단됩니다. 현재 접속 주소를 포함하는 대역을 먼저 추가해 주세요.',
  notFound: '허용 네트워크 규칙을 찾을 수 없습니다.',
  adminNotFound: '관리자를 찾을 수 없습니다.',
} as const;
