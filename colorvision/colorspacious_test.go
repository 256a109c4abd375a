package colorvision_test

// The figures checked by an independent implementation: colorspacious
// (Debian's python3-colorspacious), whose "sRGB1+CVD" space applies the same
// Machado et al. matrices and whose deltaE measures in CAM02-UCS. It keeps
// simulated colours outside the sRGB gamut where this package clips them to
// what a screen shows. So the test asks: where no simulated colour is
// clipped, the same figure (to 1e-6); for every figure colors/cvd and the
// palette chooser act on (the closest pair of a palette under each vision,
// every pair closer than the threshold), within 0.5. Pairs far apart where
// clipping moves a saturated blue under tritanopia differ more (up to about
// 6 units at distances over 50), which changes no verdict.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/colorvision"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/mapdata"
)

// systemPython is Debian's interpreter, which has python3-colorspacious; a
// python3 earlier on PATH may be another without it.
const systemPython = "/usr/bin/python3"

const colorspaciousScript = `
import json, sys, itertools
from colorspacious import cspace_convert, deltaE
names = {"deuteranopia": "deuteranomaly", "protanopia": "protanomaly", "tritanopia": "tritanomaly"}
out = []
for pal in json.load(sys.stdin):
    rgb = [[int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)] for h in pal]
    for vision in ["normal vision", "deuteranopia", "protanopia", "tritanopia"]:
        if vision in names:
            space = {"name": "sRGB1+CVD", "cvd_type": names[vision], "severity": 100}
            seen = [cspace_convert(c, space, "sRGB1") for c in rgb]
        else:
            seen = rgb
        for a, b in itertools.combinations(range(len(pal)), 2):
            out.append(float(deltaE(seen[a], seen[b], input_space="sRGB1", uniform_space="CAM02-UCS")))
json.dump(out, sys.stdout)
`

// bundledPalettes are the colours every bundled edition gives its palette.
func bundledPalettes(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, name := range editions.Names() {
		files, err := editions.Folder(name)
		require.NoError(t, err)
		src, err := fs.ReadFile(files, editions.EditionFile)
		require.NoError(t, err)
		doc, err := mapdata.ParseYAML(name, src)
		require.NoError(t, err)
		if mapdata.PackKind(doc) != mapdata.KindRegions {
			continue
		}
		ed, err := mapdata.DecodeEdition(name, src)
		require.NoError(t, err)
		var pal []string
		for _, id := range ed.Edition.Colors.Palette {
			if h := ed.Edition.Colors.Hex[id]; h != "" {
				pal = append(pal, h)
			}
		}
		if len(pal) > 1 {
			out[name] = pal
		}
	}
	require.NotEmpty(t, out)
	return out
}

func TestAgreesWithColorspacious(t *testing.T) {
	testenv.Integration(t, "python3-colorspacious")
	if _, err := exec.LookPath(systemPython); err != nil {
		testenv.Missing(t, systemPython+" is not installed", "apt-get install python3-colorspacious")
	}
	if out, err := exec.Command(systemPython, "-c", "import colorspacious").CombinedOutput(); err != nil {
		testenv.Missing(t, systemPython+" cannot import colorspacious: "+strings.TrimSpace(string(out)), "apt-get install python3-colorspacious")
	}
	palettes := bundledPalettes(t)
	names := slices.Sorted(maps.Keys(palettes))
	var input [][]string
	for _, n := range names {
		input = append(input, palettes[n])
	}
	in, err := json.Marshal(input)
	require.NoError(t, err)
	cmd := exec.Command(systemPython, "-c", colorspaciousScript)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	require.NoError(t, err, "colorspacious: %s", out)
	var theirs []float64
	require.NoError(t, json.Unmarshal(out, &theirs))

	k, exact, figures, worst := 0, 0, 0, 0.0
	for i, n := range names {
		rgb := make([]colorvision.RGB, len(input[i]))
		for j, h := range input[i] {
			rgb[j], err = colorvision.ParseHex(h)
			require.NoError(t, err)
		}
		for _, v := range colorvision.Visions {
			closest := colorvision.Closest(rgb, []colorvision.Vision{v})[0]
			for a := range rgb {
				for b := a + 1; b < len(rgb); b++ {
					require.Less(t, k, len(theirs))
					ours := colorvision.Distance(rgb[a], rgb[b], v)
					what := fmt.Sprintf("%s: %s and %s under %s", n, input[i][a], input[i][b], v)
					if colorvision.InGamut(rgb[a], v) && colorvision.InGamut(rgb[b], v) {
						assert.InDelta(t, theirs[k], ours, 1e-6, what)
						exact++
					}
					if ours < colorvision.Threshold || a == closest.A && b == closest.B {
						assert.InDelta(t, theirs[k], ours, 0.5, what)
						worst = max(worst, abs(theirs[k]-ours))
						figures++
					}
					k++
				}
			}
		}
	}
	assert.Equal(t, len(theirs), k)
	assert.Greater(t, exact, k/2, "most pairs are compared exactly")
	t.Logf("%d distances over %d palettes: %d unclipped and equal; %d figures within %.3f", k, len(names), exact, figures, worst)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
