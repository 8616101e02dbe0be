package stdlog

import (
	"bytes"
	"log"
	"strings"
	"testing"
)

// A logger that never stops writes a bounded number of lines, each
// bounded, and the count of the rest once the logger is given back.
func TestRouteIsBounded(t *testing.T) {
	var out bytes.Buffer
	restore := Route(&out)
	for range 1000 {
		log.Print(strings.Repeat("x", 1000) + "\nsecond line")
	}
	restore()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != maxRouted+1 || !strings.Contains(lines[maxRouted], "(and 1980 lines more, not shown)") {
		t.Errorf("%d lines, last %q; want %d and the count of the rest", len(lines), lines[len(lines)-1], maxRouted+1)
	}
	if len(lines[0]) > maxRoutedLine+100 {
		t.Errorf("a line of %d bytes, want at most about %d", len(lines[0]), maxRoutedLine)
	}
}

// net/http's line about an idle connection's bytes is explained by what
// they are: a whole second answer is a request answered twice, not an
// answer longer than its Content-Length; each is explained once.
func TestRouteExplainsASecondAnswer(t *testing.T) {
	var out bytes.Buffer
	restore := Route(&out)
	for range 2 {
		log.Print(`Unsolicited response received on idle HTTP channel starting with "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"; err=<nil>`)
		log.Print(`Unsolicited response received on idle HTTP channel starting with "}} and more"; err=<nil>`)
	}
	restore()
	said := out.String()
	if strings.Count(said, "it answered a request twice") != 1 || strings.Count(said, "more bytes than its answer's Content-Length said") != 1 {
		t.Errorf("each kind of extra bytes is not explained once as what it is:\n%s", said)
	}
}
