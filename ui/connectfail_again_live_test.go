package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// r after a failed connection fails as fast, and the status line said the
// same words again: only the req and err counts told that it had tried.
// From the second failure on it says it failed again, when, and which try.
func TestLiveConnectFailureAgainSaysWhen(t *testing.T) {
	l := liveBadGatewayAt(t, 80, 24)
	if first := ansi.Strip(l.seen.String()); strings.Contains(first, "again at") {
		t.Fatalf("the first failure says it failed again:\n%s", first)
	}
	for _, try := range []string{"2", "3"} {
		l.mark()
		l.tm.Type("r")
		again := regexp.MustCompile(`could not connect again at \d\d:\d\d:\d\d \(try ` + try + `\)`)
		l.waitUntil(again.Match)
	}
	m := l.quit()
	if v := ansi.Strip(m.View()); !strings.Contains(v, "(try 3)") {
		t.Errorf("the third failure's words are not on screen:\n%s", v)
	}
}
