; PASSES: function(corecl-drop-unreachable-edges)
; Edges into blocks that do nothing but `unreachable` are never taken
; (drop_unreachable_edges.cpp): a switch whose default is such an edge
; takes its last case as the default, a conditional branch into such a
; block becomes unconditional, and the block, left without predecessors,
; goes. A switch with no case left to take keeps its default.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define i32 @covered_switch(
; CHECK: switch i32 %slot, label %second [
; CHECK-NEXT: i32 2, label %first
; CHECK-NEXT: ]
; CHECK-NOT: unreachable
; CHECK: second:
; CHECK: %r = phi i32 [ 1, %first ], [ 7, %entry ]
define i32 @covered_switch(i32 %x) {
entry:
  %slot = and i32 %x, 1
  switch i32 %slot, label %never [
    i32 2, label %first
    i32 1, label %second
  ]
first:
  br label %second
second:
  %r = phi i32 [ 1, %first ], [ 7, %entry ]
  ret i32 %r
never:
  unreachable
}

; Two switches share one unreachable block: it goes once both have left it.
; CHECK-LABEL: define i32 @shared_dead_end(
; CHECK: switch i32 %x, label %b [
; CHECK-NEXT: i32 0, label %a
; CHECK: switch i32 %y, label %d [
; CHECK-NEXT: i32 0, label %c
; CHECK-NOT: unreachable
; CHECK: ret i32
define i32 @shared_dead_end(i32 %x, i32 %y) {
entry:
  switch i32 %x, label %never [
    i32 0, label %a
    i32 1, label %b
  ]
a:
  br label %join
b:
  br label %join
join:
  switch i32 %y, label %never [
    i32 0, label %c
    i32 1, label %d
  ]
c:
  ret i32 1
d:
  ret i32 2
never:
  unreachable
}

; CHECK-LABEL: define i32 @branch_into_unreachable(
; CHECK: entry:
; CHECK-NEXT: br label %live
; CHECK-NOT: unreachable
define i32 @branch_into_unreachable(i1 %c) {
entry:
  br i1 %c, label %dead, label %live
dead:
  unreachable
live:
  ret i32 0
}

; A switch whose only way is its default keeps it.
; CHECK-LABEL: define void @nothing_else(
; CHECK: switch i32 %x, label %never [
; CHECK: unreachable
define void @nothing_else(i32 %x) {
entry:
  switch i32 %x, label %never [
  ]
never:
  unreachable
}
