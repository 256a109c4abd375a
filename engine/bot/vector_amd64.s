//go:build amd64 && !purego

#include "textflag.h"

// The kernels of vector.go: a cell is eight int32 lanes, one Y register.
// Y14 holds inf in every lane, Y13 -1.

// The offsets of rowPlan's fields.
#define rpRow 0
#define rpPrev1 8
#define rpPrev2 16
#define rpTops 24
#define rpTcost 32
#define rpMiss 40
#define rpScratch 48
#define rpExpIdx 56
#define rpPerms 64
#define rpExpand 72
#define rpExpandN 80
#define rpInfCells 88
#define rpInfN 96
#define rpBlocks 104
#define rpBlockN 112
#define rpFoot 152
#define rpFootN 160
#define rpAcross 168
#define rpAcrossN 176
#define rpMember 184
#define rpMemberN 192
#define rpCross 200
#define rpCrossN 208
#define rpRest 216
#define rpRestN 224
#define rpRestCost 232
#define rpOpen 240
#define rpOpenN 248

// LIST sets R12 to the first of list's n entries of size bytes (a power
// of two, shift its log) and R13 past the last.
#define LIST(list, n, shift) \
	MOVQ list(AX), R12; \
	MOVQ n(AX), R13; \
	SHLQ $shift, R13; \
	ADDQ R12, R13

// TOP lowers Y0 to a group's tops by lane at base+R9 (v1, or v2 where
// the best lies at place Y3).
#define TOP(base) \
	VPCMPEQD  64(base)(R9*1), Y3, Y4; \
	VMOVDQU   (base)(R9*1), Y5; \
	VPBLENDVB Y4, 32(base)(R9*1), Y5, Y5; \
	VPMINSD   Y5, Y0, Y0

// MEMBER is TOP of the tops of a group on one map, its offset at off in
// the block (R12), plus the group's cost (in tcost, at the same offset).
#define MEMBER(off) \
	MOVL         off(R12), R9; \
	VPCMPEQD     64(R8)(R9*1), Y3, Y4; \
	VMOVDQU      (R8)(R9*1), Y5; \
	VPBLENDVB    Y4, 32(R8)(R9*1), Y5, Y5; \
	VPBROADCASTD (R11)(R9*1), Y6; \
	VPADDD       Y6, Y5, Y5; \
	VPMINSD      Y5, Y0, Y0

// FOOT lowers Y0 to the cell of prev1 at off in the block.
#define FOOT(off) \
	MOVL    off(R12), R9; \
	VPMINSD (SI)(R9*1), Y0, Y0

// BLOCK is a region's block (R12) of m groups on one map, to the end of
// its run (R13).
#define BLOCK_HEAD \
	VPBROADCASTD 8(R12), Y3; \
	MOVL         16(R12), R9; \
	VMOVDQU      (SI)(R9*1), Y0; \
	FOOT(20); \
	FOOT(24); \
	FOOT(28); \
	FOOT(32); \
	MEMBER(36)

#define BLOCK_TAIL \
	MOVL         12(R12), R9; \
	TOP(R10); \
	MOVL         4(R12), R9; \
	VPBROADCASTD (BX)(R9*1), Y1; \
	VPADDD       Y1, Y0, Y0; \
	VPMINSD      Y14, Y0, Y0; \
	MOVL         (R12), R9; \
	VMOVDQU      Y0, (DI)(R9*1); \
	ADDQ         $64, R12

// func sweepRow8(p *rowPlan)
TEXT ·sweepRow8(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	MOVL $0x100000, R9
	MOVQ R9, X14
	VPBROADCASTD X14, Y14
	MOVQ rpRow(AX), DI
	MOVQ rpPrev1(AX), SI
	MOVQ rpTops(AX), R8
	MOVQ rpScratch(AX), R10
	MOVQ rpTcost(AX), R11
	MOVQ rpMiss(AX), BX

	// The groups across maps, by lane for each of their maps (idx Y7,
	// which half Y8), their costs added, into scratch.
	LIST(rpExpand, rpExpandN, 4)
	MOVQ rpExpIdx(AX), DX
	JMP  expandTest

expand:
	MOVL         8(R12), R9
	VMOVDQU      (DX)(R9*1), Y7
	VMOVDQU      32(DX)(R9*1), Y8
	MOVL         (R12), R9
	MOVL         4(R12), CX
	VPBROADCASTD (R11)(R9*1), Y6
	VPERMD       (R8)(R9*1), Y7, Y4
	VPERMD       32(R8)(R9*1), Y7, Y5
	VPBLENDVB    Y8, Y5, Y4, Y4
	VPADDD       Y6, Y4, Y4
	VMOVDQU      Y4, (R10)(CX*1)
	VPERMD       64(R8)(R9*1), Y7, Y4
	VPERMD       96(R8)(R9*1), Y7, Y5
	VPBLENDVB    Y8, Y5, Y4, Y4
	VPADDD       Y6, Y4, Y4
	VMOVDQU      Y4, 32(R10)(CX*1)
	VPERMD       128(R8)(R9*1), Y7, Y4
	VPERMD       160(R8)(R9*1), Y7, Y5
	VPBLENDVB    Y8, Y5, Y4, Y4
	VMOVDQU      Y4, 64(R10)(CX*1)
	ADDQ         $16, R12

expandTest:
	CMPQ R12, R13
	JLT  expand

	// The cells of regions without a block: inf, to be lowered.
	LIST(rpInfCells, rpInfN, 2)
	JMP  infTest

inf:
	MOVL    (R12), R9
	VMOVDQU Y14, (DI)(R9*1)
	ADDQ    $4, R12

infTest:
	CMPQ R12, R13
	JLT  inf

	// The blocks, a run of each count of groups on one map.
	MOVQ rpBlocks(AX), R12
	MOVQ R12, R13
	MOVQ rpBlockN+0(AX), R9
	SHLQ $6, R9
	ADDQ R9, R13
	JMP  block1Test

block1:
	BLOCK_HEAD
	BLOCK_TAIL

block1Test:
	CMPQ R12, R13
	JLT  block1
	MOVQ rpBlockN+8(AX), R9
	SHLQ $6, R9
	ADDQ R9, R13
	JMP  block2Test

block2:
	BLOCK_HEAD
	MEMBER(40)
	BLOCK_TAIL

block2Test:
	CMPQ R12, R13
	JLT  block2
	MOVQ rpBlockN+16(AX), R9
	SHLQ $6, R9
	ADDQ R9, R13
	JMP  block3Test

block3:
	BLOCK_HEAD
	MEMBER(40)
	MEMBER(44)
	BLOCK_TAIL

block3Test:
	CMPQ R12, R13
	JLT  block3
	MOVQ rpBlockN+24(AX), R9
	SHLQ $6, R9
	ADDQ R9, R13
	JMP  block4Test

block4:
	BLOCK_HEAD
	MEMBER(40)
	MEMBER(44)
	MEMBER(48)
	BLOCK_TAIL

block4Test:
	CMPQ R12, R13
	JLT  block4
	MOVQ rpBlockN+32(AX), R9
	SHLQ $6, R9
	ADDQ R9, R13
	JMP  block5Test

block5:
	BLOCK_HEAD
	MEMBER(40)
	MEMBER(44)
	MEMBER(48)
	MEMBER(52)
	BLOCK_TAIL

block5Test:
	CMPQ R12, R13
	JLT  block5

	// The edges: foot neighbours on the region's own map, lane by lane.
	LIST(rpFoot, rpFootN, 3)
	JMP  footTest

foot:
	MOVL    (R12), R9
	MOVL    4(R12), CX
	VMOVDQU (SI)(CX*1), Y0
	VPMINSD (DI)(R9*1), Y0, Y0
	VMOVDQU Y0, (DI)(R9*1)
	ADDQ    $8, R12

footTest:
	CMPQ R12, R13
	JLT  foot

	// Foot neighbours on other maps: through a permutation of the lanes.
	LIST(rpAcross, rpAcrossN, 4)
	MOVQ rpPerms(AX), DX
	JMP  acrossTest

across:
	MOVL    8(R12), R9
	VMOVDQU (DX)(R9*1), Y1
	MOVL    4(R12), R9
	VPERMD  (SI)(R9*1), Y1, Y2
	MOVL    (R12), R9
	VPMINSD (DI)(R9*1), Y2, Y2
	VMOVDQU Y2, (DI)(R9*1)
	ADDQ    $16, R12

acrossTest:
	CMPQ R12, R13
	JLT  across

	// Groups on one map.
	LIST(rpMember, rpMemberN, 4)
	JMP  memberTest

member:
	VPBROADCASTD 8(R12), Y3
	MOVL         (R12), CX
	VMOVDQU      (DI)(CX*1), Y0
	MOVL         4(R12), R9
	VPCMPEQD     64(R8)(R9*1), Y3, Y4
	VMOVDQU      (R8)(R9*1), Y5
	VPBLENDVB    Y4, 32(R8)(R9*1), Y5, Y5
	VPBROADCASTD (R11)(R9*1), Y6
	VPADDD       Y6, Y5, Y5
	VPMINSD      Y5, Y0, Y0
	VMOVDQU      Y0, (DI)(CX*1)
	ADDQ         $16, R12

memberTest:
	CMPQ R12, R13
	JLT  member

	// Groups across maps, from scratch (their costs added).
	LIST(rpCross, rpCrossN, 4)
	JMP  crossTest

cross:
	VPBROADCASTD 8(R12), Y3
	MOVL         (R12), CX
	VMOVDQU      (DI)(CX*1), Y0
	MOVL         4(R12), R9
	TOP(R10)
	VMOVDQU      Y0, (DI)(CX*1)
	ADDQ         $16, R12

crossTest:
	CMPQ R12, R13
	JLT  cross

	// The rest kinds' pairs (cars across maps), from the row two days
	// back: through a permutation of the lanes, plus the kind's cost.
	LIST(rpRest, rpRestN, 4)
	MOVQ rpPrev2(AX), R8
	MOVQ rpRestCost(AX), R11
	JMP  restTest

rest:
	MOVL         8(R12), R9
	VMOVDQU      (DX)(R9*1), Y1
	MOVL         4(R12), R9
	VPERMD       (R8)(R9*1), Y1, Y2
	MOVL         12(R12), R9
	VPBROADCASTD (R11)(R9*4), Y6
	VPADDD       Y6, Y2, Y2
	MOVL         (R12), R9
	VPMINSD      (DI)(R9*1), Y2, Y2
	VMOVDQU      Y2, (DI)(R9*1)
	ADDQ         $16, R12

restTest:
	CMPQ R12, R13
	JLT  rest

	// The cost of the day's card, at most inf, in the cells that took
	// edges.
	LIST(rpOpen, rpOpenN, 3)
	JMP  openTest

open:
	MOVL         (R12), R9
	MOVL         4(R12), CX
	VPBROADCASTD (BX)(CX*1), Y1
	VPADDD       (DI)(R9*1), Y1, Y0
	VPMINSD      Y14, Y0, Y0
	VMOVDQU      Y0, (DI)(R9*1)
	ADDQ         $8, R12

openTest:
	CMPQ R12, R13
	JLT  open
	VZEROUPPER
	RET

// UPDATE takes value v (Y4) of a region at place p (Y5, in every lane)
// into the tops (v1, v2, p1), as top.add does lane by lane: v1 becomes
// the least; v2 stays where p is p1's place, becomes the old v1 where v
// is a new least at another place, else the lesser of v2 and v; p1
// becomes p where v is a new least (where p is p1's already, that is p1
// too). Y6, Y7, Y8 are scratch.
#define UPDATE(v1, v2, p1) \
	VPCMPEQD  Y5, p1, Y6; \
	VPCMPGTD  Y4, v1, Y7; \
	VPMINSD   Y4, v2, Y8; \
	VPBLENDVB Y7, v1, Y8, Y8; \
	VPBLENDVB Y6, v2, Y8, v2; \
	VPBLENDVB Y7, Y5, p1, p1; \
	VPMINSD   Y4, v1, v1

// func groupTops8(p *topsPlan)
TEXT ·groupTops8(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	MOVL $0x100000, R9
	MOVQ R9, X14
	VPBROADCASTD X14, Y14
	VPCMPEQD Y13, Y13, Y13
	MOVQ 0(AX), SI    // row
	MOVQ 8(AX), DI    // out: the day's tops

	// The groups on one map, two at a time: Y1-Y3 and Y9-Y11.
	MOVQ 16(AX), R8   // pairs
	MOVQ 24(AX), DX
	SHLQ $4, DX
	ADDQ R8, DX
	MOVQ 32(AX), R12  // pairMembers
	JMP  pairTest

pair:
	MOVL    (R8), BX
	MOVL    4(R8), R13
	ADDQ    R12, BX
	ADDQ    R12, R13
	VMOVDQU Y14, Y1
	VMOVDQU Y14, Y2
	VMOVDQU Y13, Y3
	VMOVDQU Y14, Y9
	VMOVDQU Y14, Y10
	VMOVDQU Y13, Y11

pairMember:
	MOVL         (BX), R9
	VMOVDQU      (SI)(R9*1), Y4
	VPBROADCASTD 4(BX), Y5
	UPDATE(Y1, Y2, Y3)
	MOVL         8(BX), R9
	VMOVDQU      (SI)(R9*1), Y4
	VPBROADCASTD 12(BX), Y5
	UPDATE(Y9, Y10, Y11)
	ADDQ         $16, BX
	CMPQ         BX, R13
	JLT          pairMember
	MOVL         8(R8), R9
	VMOVDQU      Y1, (DI)(R9*1)
	VMOVDQU      Y2, 32(DI)(R9*1)
	VMOVDQU      Y3, 64(DI)(R9*1)
	MOVL         12(R8), R9
	VMOVDQU      Y9, (DI)(R9*1)
	VMOVDQU      Y10, 32(DI)(R9*1)
	VMOVDQU      Y11, 64(DI)(R9*1)
	ADDQ         $16, R8

pairTest:
	CMPQ R8, DX
	JLT  pair

	// The groups across maps, by mask: masks 0-7 in Y1-Y3, 8-15 in
	// Y9-Y11.
	MOVQ 40(AX), R8   // crosses
	MOVQ 48(AX), DX
	SHLQ $4, DX
	ADDQ R8, DX
	MOVQ 56(AX), R12  // crossMembers
	MOVQ 64(AX), R11  // laneIdx
	JMP  crossTest

cross:
	MOVL    (R8), BX
	MOVL    4(R8), R13
	ADDQ    R12, BX
	ADDQ    R12, R13
	VMOVDQU Y14, Y1
	VMOVDQU Y14, Y2
	VMOVDQU Y13, Y3
	VMOVDQU Y14, Y9
	VMOVDQU Y14, Y10
	VMOVDQU Y13, Y11

crossMember:
	MOVL         (BX), R9
	VMOVDQU      (SI)(R9*1), Y0
	VPBROADCASTD 4(BX), Y5
	MOVL         8(BX), R9
	VMOVDQU      (R11)(R9*1), Y12
	VPERMD       Y0, Y12, Y4
	UPDATE(Y1, Y2, Y3)
	VMOVDQU      32(R11)(R9*1), Y12
	VPERMD       Y0, Y12, Y4
	UPDATE(Y9, Y10, Y11)
	ADDQ         $16, BX
	CMPQ         BX, R13
	JLT          crossMember
	MOVL         8(R8), R10
	VMOVDQU      Y1, (DI)(R10*1)
	VMOVDQU      Y9, 32(DI)(R10*1)
	VMOVDQU      Y2, 64(DI)(R10*1)
	VMOVDQU      Y10, 96(DI)(R10*1)
	VMOVDQU      Y3, 128(DI)(R10*1)
	VMOVDQU      Y11, 160(DI)(R10*1)
	ADDQ         $16, R8

crossTest:
	CMPQ R8, DX
	JLT  cross
	VZEROUPPER
	RET
