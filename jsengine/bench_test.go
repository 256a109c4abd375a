package jsengine

import (
	"os"
	"strings"
	"testing"
)

func BenchmarkLoadUSA(b *testing.B) {
	src, err := os.ReadFile("../engine/testdata/usa.pack.json")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load("usa", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckUSA(b *testing.B) {
	e := load(b, "usa.pack.json")
	tokens := strings.Fields("OR car AZ plane:tan OH WV PA plane:light-blue GA FL")
	for b.Loop() {
		if !e.Check(tokens, 0).Valid {
			b.Fatal("not valid")
		}
	}
}

func BenchmarkCheckOnlyUSA(b *testing.B) {
	e := load(b, "usa.pack.json")
	tokens := strings.Fields("OR car AZ plane:tan OH WV PA plane:light-blue GA FL")
	cards, _ := e.board.ParseJourneyDays(tokens, 10)
	for b.Loop() {
		if !e.board.Check(cards).Valid {
			b.Fatal("not valid")
		}
	}
}

func BenchmarkParseUSA(b *testing.B) {
	e := load(b, "usa.pack.json")
	tokens := strings.Fields("OR car AZ plane:tan OH WV PA plane:light-blue GA FL")
	for b.Loop() {
		e.board.ParseJourneyDays(tokens, 10)
	}
}

func BenchmarkReportUSA(b *testing.B) {
	e := load(b, "usa.pack.json")
	tokens := strings.Fields("OR car AZ plane:tan OH WV PA plane:light-blue GA FL")
	cards, _ := e.board.ParseJourneyDays(tokens, 10)
	for b.Loop() {
		e.board.Report(cards, e.board.Check(cards))
	}
}

func BenchmarkLoop(b *testing.B) {
	x := 0
	for b.Loop() {
		for i := range 1000 {
			x += i * i % 7
		}
	}
	_ = x
}
