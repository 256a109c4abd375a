//go:build amd64 && !purego

#include "textflag.h"

// The kernels of vector.go: a cell is eight int32 lanes, one Y register.
// Y14 holds inf in every lane, Y13 -1.

// GROUP lowers the cell at DI+(R12) to a group edge's (R12: the cell,
// the group's tops by lane at base, the group, the cell's place): v1, or
// v2 where the best lies at the region's own place, plus the group's
// cost (in gcost, at R11).
#define GROUP(base) \
	MOVL         4(R12), R9; \
	VPBROADCASTD 12(R12), Y3; \
	VPCMPEQD     64(base)(R9*1), Y3, Y4; \
	VMOVDQU      (base)(R9*1), Y5; \
	VPBLENDVB    Y4, 32(base)(R9*1), Y5, Y5; \
	MOVL         8(R12), R9; \
	VPBROADCASTD (R11)(R9*4), Y6; \
	VPADDD       Y6, Y5, Y5; \
	MOVL         (R12), R9; \
	VPMINSD      (DI)(R9*1), Y5, Y5; \
	VMOVDQU      Y5, (DI)(R9*1)

// func sweepRow8(p *rowPlan)
TEXT ·sweepRow8(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	MOVL $0x100000, R9
	MOVQ R9, X14
	VPBROADCASTD X14, Y14
	MOVQ 0(AX), DI    // row
	MOVQ 8(AX), SI    // prev1
	MOVQ 16(AX), R8   // tops
	MOVQ 48(AX), DX   // regions

	// Every cell inf, to be lowered by the edges.
	MOVQ DI, R9
	MOVQ DX, R10
	SHLQ $5, R10
	ADDQ DI, R10
	JMP  initTest

init:
	VMOVDQU Y14, (R9)
	ADDQ    $32, R9

initTest:
	CMPQ R9, R10
	JLT  init

	// Foot neighbours on the region's own map: lane by lane.
	MOVQ 64(AX), R12
	MOVQ 72(AX), R13
	LEAQ (R12)(R13*8), R13
	JMP  footTest

foot:
	MOVL    (R12), R9
	MOVL    4(R12), R10
	VMOVDQU (SI)(R10*1), Y0
	VPMINSD (DI)(R9*1), Y0, Y0
	VMOVDQU Y0, (DI)(R9*1)
	ADDQ    $8, R12

footTest:
	CMPQ R12, R13
	JLT  foot

	// Foot neighbours on other maps: through a permutation of the lanes.
	MOVQ 80(AX), R12
	MOVQ 88(AX), R13
	SHLQ $4, R13
	ADDQ R12, R13
	MOVQ 96(AX), R11
	JMP  acrossTest

across:
	MOVL    8(R12), R9
	VMOVDQU (R11)(R9*1), Y1
	MOVL    4(R12), R9
	VPERMD  (SI)(R9*1), Y1, Y2
	MOVL    (R12), R9
	VPMINSD (DI)(R9*1), Y2, Y2
	VMOVDQU Y2, (DI)(R9*1)
	ADDQ    $16, R12

acrossTest:
	CMPQ R12, R13
	JLT  across

	// Groups, rest pairs: only where there are tops two days back.
	CMPQ 56(AX), $0
	JEQ  miss

	// Groups on one map, from the tops.
	MOVQ 104(AX), R12
	MOVQ 112(AX), R13
	SHLQ $4, R13
	ADDQ R12, R13
	MOVQ 32(AX), R11
	JMP  memberTest

member:
	GROUP(R8)
	ADDQ $16, R12

memberTest:
	CMPQ R12, R13
	JLT  member

	// Groups across maps: their tops are by mask; each map's lanes
	// gathered from the two halves (idx Y7, which half Y8) into scratch.
	MOVQ 120(AX), R12
	MOVQ 128(AX), R13
	SHLQ $4, R13
	ADDQ R12, R13
	MOVQ 136(AX), R10
	MOVQ 144(AX), R11
	JMP  expandTest

expand:
	MOVL      8(R12), R9
	VMOVDQU   (R11)(R9*1), Y7
	VMOVDQU   32(R11)(R9*1), Y8
	MOVL      (R12), R9
	MOVL      4(R12), BX
	VPERMD    (R8)(R9*1), Y7, Y4
	VPERMD    32(R8)(R9*1), Y7, Y5
	VPBLENDVB Y8, Y5, Y4, Y4
	VMOVDQU   Y4, (R10)(BX*1)
	VPERMD    64(R8)(R9*1), Y7, Y4
	VPERMD    96(R8)(R9*1), Y7, Y5
	VPBLENDVB Y8, Y5, Y4, Y4
	VMOVDQU   Y4, 32(R10)(BX*1)
	VPERMD    128(R8)(R9*1), Y7, Y4
	VPERMD    160(R8)(R9*1), Y7, Y5
	VPBLENDVB Y8, Y5, Y4, Y4
	VMOVDQU   Y4, 64(R10)(BX*1)
	ADDQ      $16, R12

expandTest:
	CMPQ R12, R13
	JLT  expand

	// Their edges, from scratch as from the tops.
	MOVQ 152(AX), R12
	MOVQ 160(AX), R13
	SHLQ $4, R13
	ADDQ R12, R13
	MOVQ 32(AX), R11
	JMP  crossTest

cross:
	GROUP(R10)
	ADDQ $16, R12

crossTest:
	CMPQ R12, R13
	JLT  cross

	// The rest kinds' pairs (cars across maps), from the row two days
	// back: through a permutation of the lanes, plus the kind's cost.
	MOVQ 168(AX), R12
	MOVQ 176(AX), R13
	SHLQ $4, R13
	ADDQ R12, R13
	MOVQ 40(AX), R10
	MOVQ 96(AX), R11
	MOVQ 184(AX), BX
	JMP  restTest

rest:
	MOVL         8(R12), R9
	VMOVDQU      (R11)(R9*1), Y1
	MOVL         4(R12), R9
	VPERMD       (R10)(R9*1), Y1, Y2
	MOVL         12(R12), R9
	VPBROADCASTD (BX)(R9*4), Y6
	VPADDD       Y6, Y2, Y2
	MOVL         (R12), R9
	VPMINSD      (DI)(R9*1), Y2, Y2
	VMOVDQU      Y2, (DI)(R9*1)
	ADDQ         $16, R12

restTest:
	CMPQ R12, R13
	JLT  rest

miss:
	// Each region's cost of the day's card, at most inf.
	MOVQ 24(AX), R11
	XORQ CX, CX
	JMP  missTest

missCell:
	VPBROADCASTD (R11)(CX*4), Y1
	VPADDD       (DI), Y1, Y0
	VPMINSD      Y14, Y0, Y0
	VMOVDQU      Y0, (DI)
	ADDQ         $32, DI
	INCQ         CX

missTest:
	CMPQ CX, DX
	JLT  missCell
	VZEROUPPER
	RET

// UPDATE takes value v (Y4) of a region at place p (Y5, in every lane)
// into the tops (v1, v2, p1), as top.add does lane by lane: v1 becomes
// the least; v2 stays where p is p1's place, becomes the old v1 where v
// is a new least at another place, else the lesser of v2 and v. Y6, Y7,
// Y8 are scratch.
#define UPDATE(v1, v2, p1) \
	VPCMPEQD  Y5, p1, Y6; \
	VPCMPGTD  Y4, v1, Y7; \
	VPANDN    Y7, Y6, Y7; \
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
	MOVQ 40(AX), R12  // members
	MOVQ 48(AX), R11  // laneIdx
	XORQ CX, CX       // group
	MOVQ 56(AX), DX   // groups

group:
	CMPQ CX, DX
	JGE  done
	MOVQ 16(AX), R9
	MOVL (R9)(CX*4), BX
	MOVL 4(R9)(CX*4), R13
	SHLQ $4, BX       // members are 16 bytes
	SHLQ $4, R13
	MOVQ 24(AX), R9
	MOVL (R9)(CX*4), R10  // the group's tops in out
	MOVQ 32(AX), R9
	MOVL (R9)(CX*4), R9
	VMOVDQU Y14, Y1
	VMOVDQU Y14, Y2
	VMOVDQU Y13, Y3
	CMPL R9, $0
	JNE  cross
	JMP  oneTest

one:
	MOVL         (R12)(BX*1), R9
	VMOVDQU      (SI)(R9*1), Y4
	VPBROADCASTD 4(R12)(BX*1), Y5
	UPDATE(Y1, Y2, Y3)
	ADDQ         $16, BX

oneTest:
	CMPQ BX, R13
	JLT  one
	VMOVDQU Y1, (DI)(R10*1)
	VMOVDQU Y2, 32(DI)(R10*1)
	VMOVDQU Y3, 64(DI)(R10*1)
	INCQ    CX
	JMP     group

cross:
	// By mask: masks 0-7 in Y1-Y3, 8-15 in Y9-Y11.
	VMOVDQU Y14, Y9
	VMOVDQU Y14, Y10
	VMOVDQU Y13, Y11
	JMP     crossTest

crossMember:
	MOVL         (R12)(BX*1), R9
	VMOVDQU      (SI)(R9*1), Y0
	VPBROADCASTD 4(R12)(BX*1), Y5
	MOVL         8(R12)(BX*1), R9
	VMOVDQU      (R11)(R9*1), Y12
	VPERMD       Y0, Y12, Y4
	UPDATE(Y1, Y2, Y3)
	VMOVDQU      32(R11)(R9*1), Y12
	VPERMD       Y0, Y12, Y4
	UPDATE(Y9, Y10, Y11)
	ADDQ         $16, BX

crossTest:
	CMPQ BX, R13
	JLT  crossMember
	VMOVDQU Y1, (DI)(R10*1)
	VMOVDQU Y9, 32(DI)(R10*1)
	VMOVDQU Y2, 64(DI)(R10*1)
	VMOVDQU Y10, 96(DI)(R10*1)
	VMOVDQU Y3, 128(DI)(R10*1)
	VMOVDQU Y11, 160(DI)(R10*1)

	INCQ CX
	JMP  group

done:
	VZEROUPPER
	RET

// The lanes of a cell in the other order.
DATA reverse8<>+0(SB)/4, $7
DATA reverse8<>+4(SB)/4, $6
DATA reverse8<>+8(SB)/4, $5
DATA reverse8<>+12(SB)/4, $4
DATA reverse8<>+16(SB)/4, $3
DATA reverse8<>+20(SB)/4, $2
DATA reverse8<>+24(SB)/4, $1
DATA reverse8<>+28(SB)/4, $0
GLOBL reverse8<>(SB), RODATA|NOPTR, $32

// func viaDays8(fwd, bwd *int32, stride int64, out *int32, n int64)
TEXT ·viaDays8(SB), NOSPLIT, $0-40
	MOVQ    fwd+0(FP), SI
	MOVQ    bwd+8(FP), DI
	MOVQ    stride+16(FP), DX
	MOVQ    out+24(FP), R8
	MOVQ    n+32(FP), CX
	VMOVDQU reverse8<>(SB), Y7

day:
	TESTQ CX, CX
	JEQ   viaDone
	VPERMD       (DI), Y7, Y1
	VPADDD       (SI), Y1, Y0
	VEXTRACTI128 $1, Y0, X1
	VPMINSD      X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPMINSD      X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPMINSD      X1, X0, X0
	VMOVD        X0, (R8)
	ADDQ         DX, SI
	ADDQ         DX, DI
	ADDQ         $4, R8
	DECQ         CX
	JMP          day

viaDone:
	VZEROUPPER
	RET
