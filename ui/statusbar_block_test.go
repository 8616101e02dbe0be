package ui

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// A field's padding stays where its renderer paints the background and
// goes where it does not, whatever the package-global colour profile
// says (the tests run with it set to ASCII).
func TestBlockAsksTheStylesRenderer(t *testing.T) {
	for _, tc := range []struct {
		profile termenv.Profile
		bg      lipgloss.TerminalColor
		padded  bool
	}{
		{termenv.TrueColor, lipgloss.Color("#204060"), true},
		{termenv.ANSI256, lipgloss.Color("24"), true},
		{termenv.Ascii, lipgloss.Color("#204060"), false},
		{termenv.TrueColor, lipgloss.NoColor{}, false},
	} {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(tc.profile)
		s := r.NewStyle().Background(tc.bg).Padding(0, 1)
		if got := block(s).GetPaddingLeft() == 1; got != tc.padded {
			t.Errorf("profile %v, background %v: padded %v, want %v", tc.profile, tc.bg, got, tc.padded)
		}
	}
}
