package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Detail search counts matches, not lines: "slow" was 3/3 in pretty JSON
// and 2/2 in raw, where one line holds "name":"slow","title":"Slow work,
// and n passed over the second match of a line. Each is counted, and n
// steps through it.
func TestDetailSearchCountsEveryMatchOfALine(t *testing.T) {
	var b strings.Builder
	for i := range 4000 {
		if i == 2500 {
			b.WriteString("a needle, and a second needle\\n")
			continue
		}
		b.WriteString("a line of filler text that is only there to be scrolled past\\n")
	}
	m := answerInDetail(t, b.String())
	press(m, "/", "needle", "enter")
	for _, want := range []string{"“needle” 1/2", "“needle” 2/2", "“needle” 1/2"} {
		view := ansi.Strip(m.View())
		if !strings.Contains(view, "a second needle") || !strings.Contains(view, want) {
			t.Fatalf("the title does not say %s with the match in view:\n%s", want, view)
		}
		press(m, "n")
	}
}
