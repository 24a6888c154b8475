// Whether this test binary runs under AddressSanitizer or ThreadSanitizer:
// tests that exhaust memory or the address space skip there, because the
// sanitizers' allocators reserve more address space than a limit leaves
// and end the process on a huge request instead of failing it.
#pragma once

namespace corecl::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

} // namespace corecl::test
