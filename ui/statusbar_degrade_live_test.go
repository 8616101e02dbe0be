package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/themes"
)

// The status bar keeps single separators at every width it degrades
// through: fields go, then the protocol version beside the transport, then
// the end of the message, and none leaves a blank field ("·  ·"), a
// separator at an edge or two blanks between words. The one gap of two
// cells is the transport badge's own edge where the terminal paints it (a
// coloured or reversed block, then the bar's blank); unpainted, its
// padding goes. Live against the demo, with and without a message, in
// every built-in theme, in colour and without.
func TestLiveStatusBarSingleSpacedAtEveryWidth(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.listTools()
	m := l.quit()
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI256} {
		lipgloss.SetColorProfile(profile)
		for _, th := range themes.Builtins() {
			st := themes.NewStyles(th.Palette)
			m.com.st = &st
			painted := block(st.StatusKey).GetPaddingRight() > 0
			for _, msg := range []string{"", "tools/list: ok, 15 tools listed; c and Tab call one of them"} {
				m.status.msg = nil
				if msg != "" {
					m.setStatus(levelInfo, msg)
				}
				versionGone := false
				for w := 160; w >= minWidth; w -= 3 {
					m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
					bar, _ := m.status.render(msg != "")
					plain := strings.TrimRight(ansi.Strip(bar), " ")
					versionGone = versionGone || !strings.Contains(plain, "2025-11-25")
					head, fields, _ := strings.Cut(plain, " · ")
					body := strings.TrimLeft(head, " ")
					if painted {
						// The badge's painted edge: its right padding, then the bar's blank.
						body = strings.Replace(body, "  ", " ", 1)
					}
					for _, f := range append([]string{body}, strings.Split(fields, " · ")...) {
						if f == "" || strings.Contains(f, "  ") || strings.TrimSpace(f) != f {
							t.Errorf("%s (%v), %d columns, message %v: the bar %q has a field %q that is blank or not single-spaced", th.Name, profile, w, msg != "", plain, f)
							break
						}
					}
				}
				if msg != "" && !versionGone {
					t.Errorf("%s (%v): the bar never dropped the protocol version down to %d columns: the test does not reach that step", th.Name, profile, minWidth)
				}
			}
		}
	}
}
