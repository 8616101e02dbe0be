package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/themes"
)

// TestNoColorKeepsTheSelectionVisible: with NO_COLOR set, mono's selected
// row is drawn in reverse video and its focused title in bold, with no
// colour; a theme with colours sends none of them under NO_COLOR; and a
// terminal without attributes (ASCII) gets plain text.
func TestNoColorKeepsTheSelectionVisible(t *testing.T) {
	before := lipgloss.ColorProfile()
	t.Cleanup(func() { lipgloss.SetColorProfile(before) })
	mono, err := themes.Load("mono")
	if err != nil {
		t.Fatal(err)
	}
	dark, err := themes.Load("dark")
	if err != nil {
		t.Fatal(err)
	}
	draw := func(p themes.Palette, noColor bool, term termenv.Profile) string {
		// What termenv picks by itself: ASCII under NO_COLOR.
		if noColor {
			lipgloss.SetColorProfile(termenv.Ascii)
		} else {
			lipgloss.SetColorProfile(term)
		}
		keepAttributes(p, noColor, term)
		st := themes.NewStyles(p)
		return st.SelectedRow.Render("→ request 7 tools/list") + st.FocusedTitle.Render("Pairs")
	}

	got := draw(mono.Palette, true, termenv.TrueColor)
	if !strings.Contains(got, "\x1b[7") || !strings.Contains(got, "\x1b[1") {
		t.Errorf("mono under NO_COLOR draws %q: the selected row has no reverse video or the title no bold", got)
	}
	if strings.Contains(got, "38;") || strings.Contains(got, "48;") {
		t.Errorf("mono under NO_COLOR draws %q: it sent a colour", got)
	}
	if got := draw(dark.Palette, true, termenv.TrueColor); strings.Contains(got, "38;") || strings.Contains(got, "48;") {
		t.Errorf("dark under NO_COLOR draws %q: it sent a colour", got)
	}
	if got := draw(mono.Palette, true, termenv.Ascii); strings.Contains(got, "\x1b") {
		t.Errorf("mono on an ASCII terminal draws %q, want plain text", got)
	}
}
