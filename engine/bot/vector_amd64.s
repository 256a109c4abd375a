//go:build amd64 && !purego

#include "textflag.h"

// The kernels of vector.go: a cell is eight int32 lanes, one Y register.
// Y14 holds inf in every lane, Y13 -1.

// func sweepRow8(p *rowPlan)
TEXT ·sweepRow8(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	MOVL $0x100000, R9
	MOVQ R9, X14
	VPBROADCASTD X14, Y14
	MOVQ 0(AX), DI    // row: the cell written
	MOVQ 8(AX), SI    // prev1
	MOVQ 16(AX), R8   // tops
	XORQ CX, CX       // region
	MOVQ 120(AX), DX  // regions

region:
	CMPQ CX, DX
	JGE  done
	VMOVDQU Y14, Y0   // acc

	// Foot neighbours on the region's own map: lane by lane.
	MOVQ 40(AX), R11
	MOVL (R11)(CX*4), BX
	MOVL 4(R11)(CX*4), R13
	MOVQ 48(AX), R12
	JMP  footTest

foot:
	MOVL    (R12)(BX*4), R9
	VPMINSD (SI)(R9*1), Y0, Y0
	INCQ    BX

footTest:
	CMPQ BX, R13
	JLT  foot

	// Foot neighbours on other maps: through a permutation of the lanes.
	MOVQ 56(AX), R11
	MOVL (R11)(CX*4), BX
	MOVL 4(R11)(CX*4), R13
	MOVQ 64(AX), R12
	MOVQ 72(AX), R10
	MOVQ 80(AX), R11
	JMP  acrossTest

across:
	MOVL    (R10)(BX*4), R9
	VMOVDQU (R11)(R9*1), Y1
	MOVL    (R12)(BX*4), R9
	VPERMD  (SI)(R9*1), Y1, Y2
	VPMINSD Y2, Y0, Y0
	INCQ    BX

acrossTest:
	CMPQ BX, R13
	JLT  across

	// Groups, from the tops two days back: v1, or v2 where the best lies
	// at the region's own place; plus the group's cost.
	CMPQ 128(AX), $0
	JEQ  miss
	MOVQ 112(AX), R11
	VPBROADCASTD (R11)(CX*4), Y3
	MOVQ 88(AX), R11
	MOVL (R11)(CX*4), BX
	MOVL 4(R11)(CX*4), R13
	MOVQ 96(AX), R12
	MOVQ 104(AX), R10
	MOVQ 32(AX), R11
	JMP  memberTest

member:
	MOVL         (R12)(BX*4), R9
	VMOVDQU      64(R8)(R9*1), Y4
	VPCMPEQD     Y3, Y4, Y4
	VMOVDQU      (R8)(R9*1), Y5
	VPBLENDVB    Y4, 32(R8)(R9*1), Y5, Y5
	MOVL         (R10)(BX*4), R9
	VPBROADCASTD (R11)(R9*4), Y6
	VPADDD       Y6, Y5, Y5
	VPMINSD      Y5, Y0, Y0
	INCQ         BX

memberTest:
	CMPQ BX, R13
	JLT  member

	// Groups across maps: their tops are by mask, the lanes of the
	// region's map gathered from the two halves (idx Y7, which half Y8).
	MOVQ    160(AX), R11
	MOVQ    168(AX), R9
	MOVL    (R9)(CX*4), R9
	VMOVDQU (R11)(R9*1), Y7
	VMOVDQU 32(R11)(R9*1), Y8
	MOVQ    136(AX), R11
	MOVL    (R11)(CX*4), BX
	MOVL    4(R11)(CX*4), R13
	MOVQ    144(AX), R12
	MOVQ    152(AX), R10
	MOVQ    32(AX), R11
	JMP     crossTest

cross:
	MOVL         (R12)(BX*4), R9
	VPERMD       128(R8)(R9*1), Y7, Y4
	VPERMD       160(R8)(R9*1), Y7, Y5
	VPBLENDVB    Y8, Y5, Y4, Y4
	VPCMPEQD     Y3, Y4, Y4
	VPERMD       (R8)(R9*1), Y7, Y5
	VPERMD       32(R8)(R9*1), Y7, Y6
	VPBLENDVB    Y8, Y6, Y5, Y5
	VPERMD       64(R8)(R9*1), Y7, Y6
	VPERMD       96(R8)(R9*1), Y7, Y9
	VPBLENDVB    Y8, Y9, Y6, Y6
	VPBLENDVB    Y4, Y6, Y5, Y5
	MOVL         (R10)(BX*4), R9
	VPBROADCASTD (R11)(R9*4), Y6
	VPADDD       Y6, Y5, Y5
	VPMINSD      Y5, Y0, Y0
	INCQ         BX

crossTest:
	CMPQ BX, R13
	JLT  cross

	// The rest kinds' pairs (cars across maps), from the row two days
	// back: through a permutation of the lanes, plus the kind's cost
	// (skipped with the groups where there is no such row).
	MOVQ 184(AX), R11
	MOVL (R11)(CX*4), BX
	MOVL 4(R11)(CX*4), R13
	MOVQ 192(AX), R12
	MOVQ 200(AX), R10
	JMP  restTest

rest:
	MOVQ         80(AX), R11
	MOVL         (R10)(BX*4), R9
	VMOVDQU      (R11)(R9*1), Y1
	MOVQ         176(AX), R11
	MOVL         (R12)(BX*4), R9
	VPERMD       (R11)(R9*1), Y1, Y2
	MOVQ         208(AX), R11
	VPBROADCASTD (R11)(BX*4), Y6
	VPADDD       Y6, Y2, Y2
	VPMINSD      Y2, Y0, Y0
	INCQ         BX

restTest:
	CMPQ BX, R13
	JLT  rest

miss:
	// The cost of the day's card, at most inf.
	MOVQ         24(AX), R11
	VPBROADCASTD (R11)(CX*4), Y1
	VPADDD       Y1, Y0, Y0
	VPMINSD      Y14, Y0, Y0
	VMOVDQU      Y0, (DI)
	ADDQ         $32, DI
	INCQ         CX
	JMP          region

done:
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
