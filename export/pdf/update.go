package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// fpdf writes the document; what it cannot write (shaped text's fonts,
// which draw by glyph id, and each card page's TrimBox and BleedBox, which
// it writes in map order, so not the same bytes twice) is added here as an
// incremental update (ISO 32000-1, 7.5.6): new objects, new versions of
// the shared resource dictionary and of some pages, and a cross-reference
// section for them after fpdf's. Readers apply it as if the file had been
// written whole.

// pdfObject is an object to write: its number and its body (the text
// between "N 0 obj" and "endobj").
type pdfObject struct {
	num  int
	body []byte
}

// pageBox is a rectangle in PDF units (points, y up): x0 y0 x1 y1.
type pageBox [4]float64

type pageBoxes struct {
	trim, bleed pageBox
}

var (
	reStartXref = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	reSize      = regexp.MustCompile(`/Size (\d+)`)
	reRoot      = regexp.MustCompile(`/Root (\d+) 0 R`)
	reInfo      = regexp.MustCompile(`/Info (\d+) 0 R`)
	reKids      = regexp.MustCompile(`/Kids \[([0-9 R]*)\]`)
	reParent    = regexp.MustCompile(`/Parent \d+ 0 R`)
	reRef       = regexp.MustCompile(`(\d+) 0 R`)
)

// xrefTable reads fpdf's cross-reference table: each object's offset.
func xrefTable(doc []byte) (offsets []int, trailer []byte, start int, err error) {
	m := reStartXref.FindSubmatch(doc)
	if m == nil {
		return nil, nil, 0, fmt.Errorf("pdf: no startxref")
	}
	start, _ = strconv.Atoi(string(m[1]))
	if start <= 0 || start >= len(doc) || !bytes.HasPrefix(doc[start:], []byte("xref\n")) {
		return nil, nil, 0, fmt.Errorf("pdf: the cross-reference table is not at %d", start)
	}
	p := start + len("xref\n")
	nl := bytes.IndexByte(doc[p:], '\n')
	var first, n int
	if _, err := fmt.Sscanf(string(doc[p:p+nl]), "%d %d", &first, &n); err != nil || first != 0 {
		return nil, nil, 0, fmt.Errorf("pdf: cross-reference subsection: %v", err)
	}
	p += nl + 1
	for i := 0; i < n; i++ {
		if p+20 > len(doc) {
			return nil, nil, 0, fmt.Errorf("pdf: cross-reference table cut short")
		}
		off, _ := strconv.Atoi(string(doc[p : p+10]))
		offsets = append(offsets, off)
		p += 20
	}
	t := bytes.Index(doc[p:], []byte("trailer"))
	if t < 0 {
		return nil, nil, 0, fmt.Errorf("pdf: no trailer")
	}
	return offsets, doc[p+t:], start, nil
}

// objectBody is the body of object num as fpdf wrote it.
func objectBody(doc []byte, offsets []int, num int) ([]byte, error) {
	if num <= 0 || num >= len(offsets) {
		return nil, fmt.Errorf("pdf: no object %d", num)
	}
	off := offsets[num]
	head := []byte(fmt.Sprintf("%d 0 obj\n", num))
	if off <= 0 || !bytes.HasPrefix(doc[off:], head) {
		return nil, fmt.Errorf("pdf: object %d is not at %d", num, off)
	}
	body := doc[off+len(head):]
	end := bytes.Index(body, []byte("endobj"))
	if end < 0 {
		return nil, fmt.Errorf("pdf: object %d has no end", num)
	}
	return bytes.TrimRight(body[:end], "\n"), nil
}

// appendUpdate adds fonts (their objects numbered from the document's
// size on, fontRes naming each Type0 font's resource and object) to the
// shared resources (object 2), and boxes to the pages (1-based page
// numbers), as an incremental update of doc.
func appendUpdate(doc []byte, fonts func(next int) (objs []pdfObject, fontRes map[string]int), boxes map[int]pageBoxes) ([]byte, error) {
	offsets, trailer, start, err := xrefTable(doc)
	if err != nil {
		return nil, err
	}
	size := len(offsets)
	if m := reSize.FindSubmatch(trailer); m == nil || string(m[1]) != strconv.Itoa(size) {
		return nil, fmt.Errorf("pdf: the trailer's /Size is not the table's %d", size)
	}
	root, info := reRoot.FindSubmatch(trailer), reInfo.FindSubmatch(trailer)
	if root == nil {
		return nil, fmt.Errorf("pdf: the trailer has no /Root")
	}
	var objs []pdfObject
	next := size
	if fonts != nil {
		fobjs, res := fonts(next)
		if len(res) > 0 {
			objs = append(objs, fobjs...)
			next += len(fobjs)
			body, err := objectBody(doc, offsets, 2)
			if err != nil {
				return nil, err
			}
			i := bytes.Index(body, []byte("/Font <<\n"))
			if i < 0 {
				return nil, fmt.Errorf("pdf: the resources have no /Font")
			}
			i += len("/Font <<\n")
			var add bytes.Buffer
			for _, name := range sortedKeys(res) {
				fmt.Fprintf(&add, "/%s %d 0 R\n", name, res[name])
			}
			nb := slices.Concat(body[:i], add.Bytes(), body[i:])
			objs = append(objs, pdfObject{num: 2, body: nb})
		}
	}
	if len(boxes) > 0 {
		pages, err := objectBody(doc, offsets, 1)
		if err != nil {
			return nil, err
		}
		kids := reKids.FindSubmatch(pages)
		if kids == nil {
			return nil, fmt.Errorf("pdf: the page tree has no /Kids")
		}
		var nums []int
		for _, ref := range reRef.FindAllSubmatch(kids[1], -1) {
			n, _ := strconv.Atoi(string(ref[1]))
			nums = append(nums, n)
		}
		for _, page := range sortedKeys(boxes) {
			if page < 1 || page > len(nums) {
				return nil, fmt.Errorf("pdf: no page %d", page)
			}
			body, err := objectBody(doc, offsets, nums[page-1])
			if err != nil {
				return nil, err
			}
			loc := reParent.FindIndex(body)
			if loc == nil {
				return nil, fmt.Errorf("pdf: page %d has no /Parent", page)
			}
			b := boxes[page]
			add := fmt.Sprintf("\n/BleedBox [%s]\n/TrimBox [%s]", boxText(b.bleed), boxText(b.trim))
			objs = append(objs, pdfObject{num: nums[page-1], body: slices.Concat(body[:loc[1]], []byte(add), body[loc[1]:])})
		}
	}
	if len(objs) == 0 {
		return doc, nil
	}
	slices.SortFunc(objs, func(a, b pdfObject) int { return a.num - b.num })
	out := bytes.NewBuffer(slices.Clip(doc))
	at := map[int]int{}
	for _, o := range objs {
		at[o.num] = out.Len()
		fmt.Fprintf(out, "%d 0 obj\n", o.num)
		out.Write(o.body)
		out.WriteString("\nendobj\n")
	}
	xref := out.Len()
	out.WriteString("xref\n0 1\n0000000000 65535 f \n")
	// Subsections of consecutive object numbers.
	for i := 0; i < len(objs); {
		j := i
		for j+1 < len(objs) && objs[j+1].num == objs[j].num+1 {
			j++
		}
		fmt.Fprintf(out, "%d %d\n", objs[i].num, j-i+1)
		for k := i; k <= j; k++ {
			fmt.Fprintf(out, "%010d 00000 n \n", at[objs[k].num])
		}
		i = j + 1
	}
	fmt.Fprintf(out, "trailer\n<<\n/Size %d\n/Root %s 0 R\n", next, root[1])
	if info != nil {
		fmt.Fprintf(out, "/Info %s 0 R\n", info[1])
	}
	fmt.Fprintf(out, "/Prev %d\n>>\nstartxref\n%d\n%%%%EOF\n", start, xref)
	return out.Bytes(), nil
}

func boxText(b pageBox) string {
	return fmt.Sprintf("%.2f %.2f %.2f %.2f", b[0], b[1], b[2], b[3])
}

func sortedKeys[K int | string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
