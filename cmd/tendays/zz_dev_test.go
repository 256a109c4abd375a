package main

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestZZDev(t *testing.T) {
	b := newBrowser(t)
	for _, ed := range strings.Split(os.Getenv("DEV_EDITIONS"), ",") {
		url := startServe(t, ed, false)
		for _, sz := range [][2]int64{{1440, 900}, {390, 844}, {820, 1180}} {
			ctx := b.tab(t, sz[0], sz[1])
			open(t, ctx, url+os.Getenv("DEV_QUERY"))
			if js := os.Getenv("DEV_JS"); js != "" {
				eval[any](t, ctx, js, chromedp.EvalAwaitPromise)
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile("/tmp/dev-"+ed+"-"+string(rune('0'+sz[0]/400))+".png", png, 0o644)
			t.Logf("%s %v: scrollWidth %v", ed, sz, eval[float64](t, ctx, `document.scrollingElement.scrollWidth`))
		}
	}
}
