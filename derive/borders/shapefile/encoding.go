package shapefile

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	xenc "golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// encoding is a code page the text of a table is read in (nil dec: UTF-8).
type encoding struct {
	name string
	dec  xenc.Encoding
}

var utf8Encoding = encoding{name: "UTF-8"}

// decode takes a text the library read as ISO 8859-1 to UTF-8 in the
// table's code page; invalid UTF-8 becomes U+FFFD.
func (e encoding) decode(s string) string {
	raw := latin1Bytes(s)
	if e.dec == nil {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	out, err := e.dec.NewDecoder().Bytes(raw)
	if err != nil {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	return string(out)
}

func cp(name string, e xenc.Encoding) encoding { return encoding{name: name, dec: e} }

// codePages are the Windows and DOS code pages by number, as .cpg files and
// language drivers name them.
var codePages = map[int]encoding{
	437: cp("CP437", charmap.CodePage437), 850: cp("CP850", charmap.CodePage850), 852: cp("CP852", charmap.CodePage852),
	855: cp("CP855", charmap.CodePage855), 858: cp("CP858", charmap.CodePage858), 860: cp("CP860", charmap.CodePage860),
	862: cp("CP862", charmap.CodePage862), 863: cp("CP863", charmap.CodePage863), 865: cp("CP865", charmap.CodePage865),
	866: cp("CP866", charmap.CodePage866), 874: cp("Windows-874", charmap.Windows874),
	932: cp("Shift_JIS", japanese.ShiftJIS), 936: cp("GBK", simplifiedchinese.GBK), 949: cp("EUC-KR", korean.EUCKR),
	950:  cp("Big5", traditionalchinese.Big5),
	1250: cp("Windows-1250", charmap.Windows1250), 1251: cp("Windows-1251", charmap.Windows1251),
	1252: cp("Windows-1252", charmap.Windows1252), 1253: cp("Windows-1253", charmap.Windows1253),
	1254: cp("Windows-1254", charmap.Windows1254), 1255: cp("Windows-1255", charmap.Windows1255),
	1256: cp("Windows-1256", charmap.Windows1256), 1257: cp("Windows-1257", charmap.Windows1257),
	1258: cp("Windows-1258", charmap.Windows1258), 65001: utf8Encoding,
}

var isoParts = map[int]xenc.Encoding{
	1: charmap.ISO8859_1, 2: charmap.ISO8859_2, 3: charmap.ISO8859_3, 4: charmap.ISO8859_4, 5: charmap.ISO8859_5,
	6: charmap.ISO8859_6, 7: charmap.ISO8859_7, 8: charmap.ISO8859_8, 9: charmap.ISO8859_9, 10: charmap.ISO8859_10,
	13: charmap.ISO8859_13, 14: charmap.ISO8859_14, 15: charmap.ISO8859_15, 16: charmap.ISO8859_16,
}

// languageDrivers are the code pages of the DBF language driver ids (byte
// 29 of the header), as GDAL's shapelib reads them.
var languageDrivers = map[byte]int{
	0x01: 437, 0x02: 850, 0x03: 1252, 0x08: 865, 0x09: 437, 0x0a: 850, 0x0b: 437, 0x0d: 437, 0x0e: 850,
	0x0f: 437, 0x10: 850, 0x11: 437, 0x12: 850, 0x13: 932, 0x14: 850, 0x15: 437, 0x16: 850, 0x17: 865,
	0x18: 437, 0x19: 437, 0x1a: 850, 0x1b: 437, 0x1c: 863, 0x1d: 850, 0x1f: 852, 0x22: 852, 0x23: 852,
	0x24: 860, 0x25: 850, 0x26: 866, 0x37: 850, 0x40: 852, 0x4d: 936, 0x4e: 949, 0x4f: 950, 0x50: 874,
	0x57: 1252, 0x58: 1252, 0x59: 1252, 0x64: 852, 0x65: 866, 0x66: 865, 0x78: 950, 0x79: 949, 0x7a: 936,
	0x7b: 932, 0x7c: 874, 0x87: 852, 0xc8: 1250, 0xc9: 1251, 0xca: 1254, 0xcb: 1253, 0xcc: 1257,
}

// cpgEncoding reads the code page a .cpg names: "UTF-8", "1252", "ANSI
// 1252", "88591", "ISO 8859-15", "CP1251", "Shift_JIS" and the other names
// of the WHATWG encoding index.
func cpgEncoding(text string) (encoding, bool) {
	n := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "\ufeff")))
	compact := strings.NewReplacer(" ", "", "-", "", "_", "").Replace(n)
	for _, p := range []string{"ansi", "windows", "cp", "ibm", "oem"} {
		if rest := strings.TrimPrefix(compact, p); rest != compact {
			if num, err := strconv.Atoi(rest); err == nil {
				e, ok := codePages[num]
				return e, ok
			}
		}
	}
	if num, err := strconv.Atoi(compact); err == nil {
		if num >= 88591 && num <= 885916 { // ESRI writes ISO 8859-1 as 88591
			part, _ := strconv.Atoi(strconv.Itoa(num)[4:])
			e, ok := isoParts[part]
			return cp(fmt.Sprintf("ISO-8859-%d", part), e), ok
		}
		e, ok := codePages[num]
		return e, ok
	}
	if rest := strings.TrimPrefix(compact, "iso8859"); rest != compact {
		part, err := strconv.Atoi(rest)
		e, ok := isoParts[part]
		return cp(fmt.Sprintf("ISO-8859-%d", part), e), ok && err == nil
	}
	if compact == "utf8" {
		return utf8Encoding, true
	}
	e, err := htmlindex.Get(n)
	if err != nil {
		return encoding{}, false
	}
	name, _ := htmlindex.Name(e)
	if name == "utf-8" {
		return utf8Encoding, true
	}
	return cp(name, e), true
}

// Encoding chooses the code page of a table: the .cpg's, else the
// language driver's, else UTF-8 when every byte of the table is valid UTF-8,
// else ISO 8859-1. why says which; warn is non-empty when the .cpg or
// driver was not understood.
func Encoding(cpg, dbf []byte) (enc encoding, why, warn string) {
	if len(strings.TrimSpace(string(cpg))) > 0 {
		if e, ok := cpgEncoding(string(cpg)); ok {
			return e, fmt.Sprintf("its .cpg says %q", strings.TrimSpace(string(cpg))), ""
		}
		warn = fmt.Sprintf("its .cpg names a code page tendays does not know, %q; ", shorten(strings.TrimSpace(string(cpg))))
	}
	if len(dbf) > 29 && dbf[29] != 0 {
		if num, ok := languageDrivers[dbf[29]]; ok {
			return codePages[num], fmt.Sprintf("its DBF language driver 0x%02x", dbf[29]), warnFallback(warn)
		}
		warn += fmt.Sprintf("its DBF language driver 0x%02x is not one tendays knows; ", dbf[29])
	}
	if utf8.Valid(dbf) {
		return utf8Encoding, "valid UTF-8, with no .cpg", warnFallback(warn)
	}
	return cp("ISO-8859-1", charmap.ISO8859_1), "not valid UTF-8, with no .cpg or language driver, as GDAL reads it", warnFallback(warn)
}

func warnFallback(warn string) string {
	if warn == "" {
		return ""
	}
	return warn + "the attributes are read as the next clue says (give the Shapefile a .cpg naming its code page, e.g. UTF-8 or 1252)"
}

func shorten(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
