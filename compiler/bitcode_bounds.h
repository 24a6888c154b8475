// A walk over untrusted bitcode, before LLVM's reader sees it, that refuses
// counts the reader would allocate for without checking them against the
// input: a program binary of a few kilobytes could otherwise make it ask
// for tens of gigabytes (an attribute group's index, a function's block
// count, the type table's size, a metadata string count).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace corecl::compiler {

/// What is wrong with `bitcode` if one of the counts the reader allocates
/// for exceeds what a stream of its size can describe; std::nullopt if
/// none does, or if the stream is malformed in another way (LLVM's reader
/// reports that).
std::optional<std::string> findImplausibleBitcodeCount(std::string_view bitcode);

} // namespace corecl::compiler
