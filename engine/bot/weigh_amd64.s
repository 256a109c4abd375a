//go:build amd64 && !purego

#include "textflag.h"

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

// HMIN leaves the least lane of Y0 in R9 (X1 scratch).
#define HMIN \
	VEXTRACTI128 $1, Y0, X1; \
	VPMINSD      X1, X0, X0; \
	VPSHUFD      $0x4e, X0, X1; \
	VPMINSD      X1, X0, X0; \
	VPSHUFD      $0xb1, X0, X1; \
	VPMINSD      X1, X0, X0; \
	VMOVD        X0, R9

// func leastVia8(fwd, bwd *int32, stride, n int64, skip uint64) int32
TEXT ·leastVia8(SB), NOSPLIT, $0-44
	MOVQ    fwd+0(FP), SI
	MOVQ    bwd+8(FP), DI
	MOVQ    stride+16(FP), DX
	MOVQ    n+24(FP), CX
	MOVQ    skip+32(FP), BX
	VMOVDQU reverse8<>(SB), Y7
	// 2^30-1 in every lane, made in the vector unit: a scalar move into
	// X0 first (MOVQ R9, X0, an SSE instruction) made the kernel three
	// times slower.
	VPCMPEQD Y0, Y0, Y0
	VPSRLD   $2, Y0, Y0

day:
	TESTQ CX, CX
	JEQ   done
	TESTQ $1, BX
	JNE   next
	VPERMD  (DI), Y7, Y1
	VPADDD  (SI), Y1, Y1
	VPMINSD Y1, Y0, Y0

next:
	SHRQ $1, BX
	ADDQ DX, SI
	ADDQ DX, DI
	DECQ CX
	JMP  day

done:
	HMIN
	MOVL R9, ret+40(FP)
	VZEROUPPER
	RET

// PAIR leaves in dst, lane by lane, pair of the tops (a1, a2, ap) and
// (b1, b2, bp): a1+b1 where their places differ, else the lesser of
// a1+b2 and a2+b1. Y10-Y12 are scratch.
#define PAIR(a1, a2, ap, b1, b2, bp, dst) \
	VPCMPEQD  ap, bp, Y10; \
	VPADDD    a1, b2, Y11; \
	VPADDD    a2, b1, Y12; \
	VPMINSD   Y11, Y12, Y11; \
	VPADDD    a1, b1, Y12; \
	VPBLENDVB Y10, Y11, Y12, dst

// func pairTops8(a, b *int32) int32
TEXT ·pairTops8(SB), NOSPLIT, $0-20
	MOVQ    a+0(FP), SI
	MOVQ    b+8(FP), DI
	VMOVDQU reverse8<>(SB), Y7
	VMOVDQU (SI), Y1
	VMOVDQU 32(SI), Y2
	VMOVDQU 64(SI), Y3
	VPERMD  (DI), Y7, Y4
	VPERMD  32(DI), Y7, Y5
	VPERMD  64(DI), Y7, Y6
	PAIR(Y1, Y2, Y3, Y4, Y5, Y6, Y0)
	HMIN
	MOVL    R9, ret+16(FP)
	VZEROUPPER
	RET

// func pairTops16(a, b *int32) int32
TEXT ·pairTops16(SB), NOSPLIT, $0-20
	MOVQ    a+0(FP), SI
	MOVQ    b+8(FP), DI
	VMOVDQU reverse8<>(SB), Y7
	// Masks 0-7 of a against 15-8 of b.
	VMOVDQU (SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 128(SI), Y3
	VPERMD  32(DI), Y7, Y4
	VPERMD  96(DI), Y7, Y5
	VPERMD  160(DI), Y7, Y6
	PAIR(Y1, Y2, Y3, Y4, Y5, Y6, Y0)
	// Masks 8-15 of a against 7-0 of b.
	VMOVDQU 32(SI), Y1
	VMOVDQU 96(SI), Y2
	VMOVDQU 160(SI), Y3
	VPERMD  (DI), Y7, Y4
	VPERMD  64(DI), Y7, Y5
	VPERMD  128(DI), Y7, Y6
	PAIR(Y1, Y2, Y3, Y4, Y5, Y6, Y8)
	VPMINSD Y8, Y0, Y0
	HMIN
	MOVL    R9, ret+16(FP)
	VZEROUPPER
	RET

// func restPairs8(before, after *int32, pairs *restPair, n int64, perms *int32) int32
TEXT ·restPairs8(SB), NOSPLIT, $0-44
	MOVQ     before+0(FP), SI
	MOVQ     after+8(FP), DI
	MOVQ     pairs+16(FP), R8
	MOVQ     n+24(FP), CX
	MOVQ     perms+32(FP), R10
	VPCMPEQD Y0, Y0, Y0
	VPSRLD   $2, Y0, Y0

pair:
	TESTQ   CX, CX
	JEQ     pairsDone
	MOVLQSX 8(R8), R9
	SHLQ    $6, R9            // two permutations of 32 bytes
	VMOVDQU (R10)(R9*1), Y1
	VMOVDQU 32(R10)(R9*1), Y2
	MOVLQSX 4(R8), R9
	VPERMD  (DI)(R9*4), Y1, Y3
	VPERMD  (DI)(R9*4), Y2, Y4
	VPMINSD Y3, Y4, Y3
	MOVLQSX (R8), R9
	VPADDD  (SI)(R9*4), Y3, Y3
	VPMINSD Y3, Y0, Y0
	ADDQ    $12, R8
	DECQ    CX
	JMP     pair

pairsDone:
	HMIN
	MOVL R9, ret+40(FP)
	VZEROUPPER
	RET

// func viaDays8(fwd, bwd *int32, stride int64, out *int32, n int64)
TEXT ·viaDays8(SB), NOSPLIT, $0-40
	MOVQ    fwd+0(FP), SI
	MOVQ    bwd+8(FP), DI
	MOVQ    stride+16(FP), DX
	MOVQ    out+24(FP), R8
	MOVQ    n+32(FP), CX
	VMOVDQU reverse8<>(SB), Y7

via:
	TESTQ  CX, CX
	JEQ    viaDone
	VPERMD (DI), Y7, Y1
	VPADDD (SI), Y1, Y0
	HMIN
	MOVL   R9, (R8)
	ADDQ   DX, SI
	ADDQ   DX, DI
	ADDQ   $4, R8
	DECQ   CX
	JMP    via

viaDone:
	VZEROUPPER
	RET
