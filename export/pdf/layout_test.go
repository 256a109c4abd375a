package pdf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLayoutA4NineUpLetterLandscape(t *testing.T) {
	s, err := Layout(A4)
	require.NoError(t, err)
	assert.Equal(t, 9, s.PerPage())
	assert.False(t, s.Landscape)
	l, err := Layout(Letter)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, l.PerPage(), 8)
	for _, sh := range []Sheet{s, l} {
		mx, my := sh.MarkRoom()
		assert.GreaterOrEqual(t, mx, markMin, "%s: room for the side crop marks", sh.Paper.Name)
		assert.GreaterOrEqual(t, my, markMin, "%s: room for the top and bottom crop marks", sh.Paper.Name)
		// The last card's bleed ends inside the page.
		x, y := sh.Trim(sh.Cols-1, sh.Rows-1)
		assert.LessOrEqual(t, x+CardW+Bleed, sh.PageW()-PrintMargin)
		assert.LessOrEqual(t, y+CardH+Bleed, sh.PageH()-PrintMargin)
	}
}

func TestBacksLineUpBehindFronts(t *testing.T) {
	for _, p := range []Paper{A4, Letter} {
		s, err := Layout(p)
		require.NoError(t, err)
		for r := 0; r < s.Rows; r++ {
			for c := 0; c < s.Cols; c++ {
				bc, br := s.Back(c, r)
				fx, fy := s.Trim(c, r)
				bx, by := s.Trim(bc, br)
				// Flipped on the long edge: a portrait sheet mirrors x, a
				// landscape one mirrors y; the card's box must coincide.
				if s.Landscape {
					assert.InDelta(t, fx, bx, 1e-9)
					assert.InDelta(t, s.PageH()-fy-CardH, by, 1e-9)
				} else {
					assert.InDelta(t, s.PageW()-fx-CardW, bx, 1e-9)
					assert.InDelta(t, fy, by, 1e-9)
				}
			}
		}
	}
}
