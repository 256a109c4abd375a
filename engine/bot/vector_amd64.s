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
	MOVQ 64(AX), DX   // groups

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

	// The copies by lane for each map, after the group's: lane l of map
	// j reads mask expIdx[j][l], from Y1-Y3 or (where sel) Y9-Y11.
	MOVQ 56(AX), R8
	MOVQ 72(AX), R13
	LEAQ 192(DI)(R10*1), R9
	XORQ BX, BX

expand:
	CMPQ      BX, R13
	JGE       expanded
	VMOVDQU   (R8), Y12
	VMOVDQU   32(R8), Y0
	VPERMD    Y1, Y12, Y4
	VPERMD    Y9, Y12, Y5
	VPBLENDVB Y0, Y5, Y4, Y4
	VMOVDQU   Y4, (R9)
	VPERMD    Y2, Y12, Y4
	VPERMD    Y10, Y12, Y5
	VPBLENDVB Y0, Y5, Y4, Y4
	VMOVDQU   Y4, 32(R9)
	VPERMD    Y3, Y12, Y4
	VPERMD    Y11, Y12, Y5
	VPBLENDVB Y0, Y5, Y4, Y4
	VMOVDQU   Y4, 64(R9)
	ADDQ      $64, R8
	ADDQ      $96, R9
	INCQ      BX
	JMP       expand

expanded:
	INCQ CX
	JMP  group

done:
	VZEROUPPER
	RET
