//go:build amd64 && !purego

#include "textflag.h"

// The lanes of a cell in the other order.
DATA leastReverse8<>+0(SB)/4, $7
DATA leastReverse8<>+4(SB)/4, $6
DATA leastReverse8<>+8(SB)/4, $5
DATA leastReverse8<>+12(SB)/4, $4
DATA leastReverse8<>+16(SB)/4, $3
DATA leastReverse8<>+20(SB)/4, $2
DATA leastReverse8<>+24(SB)/4, $1
DATA leastReverse8<>+28(SB)/4, $0
GLOBL leastReverse8<>(SB), RODATA|NOPTR, $32

// func leastVia8(fwd, bwd *int32, stride, n int64, skip uint64) int32
TEXT ·leastVia8(SB), NOSPLIT, $0-44
	MOVQ    fwd+0(FP), SI
	MOVQ    bwd+8(FP), DI
	MOVQ    stride+16(FP), DX
	MOVQ    n+24(FP), CX
	MOVQ    skip+32(FP), BX
	VMOVDQU leastReverse8<>(SB), Y7
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
	VEXTRACTI128 $1, Y0, X1
	VPMINSD      X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPMINSD      X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPMINSD      X1, X0, X0
	VMOVD        X0, R9
	MOVL         R9, ret+40(FP)
	VZEROUPPER
	RET
