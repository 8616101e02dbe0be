package themes

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

func TestNewStylesRendersEveryStyleOfEveryBuiltin(t *testing.T) {
	for _, th := range Builtins() {
		styles := allStyles(NewStyles(th.Palette))
		if len(styles) < 30 {
			t.Fatalf("%s: found %d styles, want every Styles field (at least 30)", th.Name, len(styles))
		}
		for name, s := range styles {
			for _, dark := range []bool{true, false} {
				if got := render(s, dark, "xyz"); !strings.Contains(ansi.Strip(got), "xyz") {
					t.Errorf("%s: %s.Render(%q) = %q, want the text inside", th.Name, name, "xyz", got)
				}
			}
		}
	}
}

// rgb returns the red, green and blue of a palette colour as a terminal with
// the given background would show it.
func rgb(t *testing.T, c lipgloss.TerminalColor, dark bool) [3]int {
	t.Helper()
	var hex string
	switch v := c.(type) {
	case lipgloss.Color:
		hex = string(v)
	case lipgloss.AdaptiveColor:
		hex = v.Light
		if dark {
			hex = v.Dark
		}
	case lipgloss.CompleteColor:
		hex = v.TrueColor
	case lipgloss.CompleteAdaptiveColor:
		hex = v.Light.TrueColor
		if dark {
			hex = v.Dark.TrueColor
		}
	default:
		t.Fatalf("colour %#v is not a hex colour", c)
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil {
		t.Fatalf("colour %q: %v", hex, err)
	}
	return [3]int{int(n >> 16 & 255), int(n >> 8 & 255), int(n & 255)}
}

var trueColourFg = regexp.MustCompile(`38;2;(\d+);(\d+);(\d+)`)

// hasForeground reports whether out sets the foreground to want. termenv
// converts through floating point and truncates, so a channel may come out
// one below the hex value.
func hasForeground(out string, want [3]int) bool {
	for _, m := range trueColourFg.FindAllStringSubmatch(out, -1) {
		near := true
		for i := range want {
			got, _ := strconv.Atoi(m[i+1])
			near = near && got <= want[i] && got >= want[i]-1
		}
		if near {
			return true
		}
	}
	return false
}

func TestNewStylesDrawWithThePalette(t *testing.T) {
	for _, th := range Builtins() {
		if th.Name == "mono" {
			continue
		}
		s := NewStyles(th.Palette)
		for _, tc := range []struct {
			style  string
			st     lipgloss.Style
			colour lipgloss.TerminalColor
		}{
			{"Error", s.Error, th.Palette.Error},
			{"Row", s.Row, th.Palette.Foreground},
			{"FocusedTitle", s.FocusedTitle, th.Palette.Primary},
			{"JSONKey", s.JSONKey, th.Palette.JSONKey},
			{"Dim", s.Dim, th.Palette.Muted},
		} {
			for _, dark := range []bool{true, false} {
				got, want := render(tc.st, dark, "x"), rgb(t, tc.colour, dark)
				if !hasForeground(got, want) {
					t.Errorf("%s (dark=%v) %s renders %q, want foreground %v", th.Name, dark, tc.style, got, want)
				}
			}
		}
	}
}

func TestDefaultThemeFollowsTerminalBackground(t *testing.T) {
	s := NewStyles(Builtins()[0].Palette)
	onDark, onLight := render(s.Row, true, "x"), render(s.Row, false, "x")
	if want := rgb(t, darkPalette.Foreground, true); !hasForeground(onDark, want) {
		t.Errorf("default Row on a dark terminal = %q, want dark theme text %v", onDark, want)
	}
	if want := rgb(t, lightPalette.Foreground, false); !hasForeground(onLight, want) {
		t.Errorf("default Row on a light terminal = %q, want light theme text %v", onLight, want)
	}
}

// Each pair is a distinction the UI relies on; it must survive in every
// theme, including mono where only attributes can carry it, and on every
// terminal: on 16 colours the dark theme's error text came out as magenta
// as the text around it.
func TestNewStylesKeepDistinctionsInEveryTheme(t *testing.T) {
	pairs := []struct{ a, b string }{
		{"Pane", "FocusedPane"},
		{"Title", "FocusedTitle"},
		{"Row", "SelectedRow"},
		{"TabInactive", "TabActive"},
		{"Row", "Error"},
		{"Row", "Warning"},
		{"Row", "Dim"},
		{"Row", "StatusKey"},
		{"Hint", "Key"},
		{"JSONString", "JSONKey"},
	}
	for _, th := range Builtins() {
		styles := allStyles(NewStyles(th.Palette))
		for _, p := range pairs {
			for _, profile := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI} {
				for _, dark := range []bool{true, false} {
					a, b := renderIn(profile, styles[p.a], dark, "text"), renderIn(profile, styles[p.b], dark, "text")
					if a == b {
						t.Errorf("%s (dark=%v, profile %v): %s and %s both render %q, want them to differ", th.Name, dark, profile, p.a, p.b, a)
					}
				}
			}
		}
	}
}

func TestPaneFramesMatchSoFocusDoesNotShiftLayout(t *testing.T) {
	for _, th := range Builtins() {
		s := NewStyles(th.Palette)
		if got, want := s.FocusedPane.GetHorizontalFrameSize(), s.Pane.GetHorizontalFrameSize(); got != want {
			t.Errorf("%s: FocusedPane horizontal frame = %d, want %d like Pane", th.Name, got, want)
		}
		if got, want := s.FocusedPane.GetVerticalFrameSize(), s.Pane.GetVerticalFrameSize(); got != want {
			t.Errorf("%s: FocusedPane vertical frame = %d, want %d like Pane", th.Name, got, want)
		}
		if got := s.Pane.GetBorderStyle(); got != lipgloss.RoundedBorder() {
			t.Errorf("%s: Pane border = %+v, want rounded", th.Name, got)
		}
	}
}

var sgr = regexp.MustCompile("\x1b\\[([0-9;]*)m")

func TestMonoRendersNoColour(t *testing.T) {
	isolate(t)
	mono, err := Load("mono")
	if err != nil {
		t.Fatal(err)
	}
	// Reset, bold, faint, underline and reverse: the only SGR codes allowed.
	allowed := map[string]bool{"": true, "0": true, "1": true, "2": true, "4": true, "7": true}
	for name, s := range allStyles(NewStyles(mono.Palette)) {
		got := render(s, true, "text")
		if strings.Contains(got, "38;") || strings.Contains(got, "48;") {
			t.Errorf("mono %s renders %q, want no colour codes", name, got)
		}
		for _, m := range sgr.FindAllStringSubmatch(got, -1) {
			for _, param := range strings.Split(m[1], ";") {
				if !allowed[param] {
					t.Errorf("mono %s renders %q with SGR code %q, want only attributes", name, got, param)
				}
			}
		}
	}
	// The same check must catch colour: dark's Error is coloured.
	dark, _ := Load("dark")
	if got := render(NewStyles(dark.Palette).Error, true, "text"); !strings.Contains(got, "38;2;") {
		t.Errorf("dark Error renders %q, want a true-colour foreground (38;2;...)", got)
	}
}

func luminance(t *testing.T, c lipgloss.TerminalColor) float64 {
	t.Helper()
	ch := rgb(t, c, true)
	r, g, b := float64(ch[0]), float64(ch[1]), float64(ch[2])
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is the WCAG 2 contrast ratio of two colours, from 1 to 21.
func contrast(t *testing.T, a, b lipgloss.TerminalColor) float64 {
	x, y := luminance(t, a), luminance(t, b)
	return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}

// textRoles are the palette's roles text is drawn in, beside foreground.
var textRoles = []string{"primary", "subtle", "error", "warning", "success", "info", "muted",
	"json_key", "json_string", "json_number", "json_bool", "json_null", "json_punct"}

func TestColourThemesAreReadable(t *testing.T) {
	for _, th := range []Theme{mustLoad(t, "dark"), mustLoad(t, "light"), mustLoad(t, "high-contrast")} {
		p := th.Palette
		if got := contrast(t, p.Foreground, p.Background); got < 7 {
			t.Errorf("%s: foreground on background contrast = %.2f, want >= 7", th.Name, got)
		}
		if got := contrast(t, p.Foreground, p.Selection); got < 4.5 {
			t.Errorf("%s: foreground on selection contrast = %.2f, want >= 4.5", th.Name, got)
		}
		if got := contrast(t, p.FocusedBorder, p.Background); got < 3 {
			t.Errorf("%s: focused border contrast = %.2f, want >= 3", th.Name, got)
		}
		if got := contrast(t, p.Border, p.Background); got < 2 {
			t.Errorf("%s: border contrast = %.2f, want >= 2", th.Name, got)
		}
		for _, key := range textRoles {
			r, _ := roleByKey(key)
			if got := contrast(t, *r.field(&p), p.Background); got < 4.5 {
				t.Errorf("%s: %s on background contrast = %.2f, want >= 4.5", th.Name, key, got)
			}
		}
	}
}

// Every colour theme keeps each coloured text at 4.5:1 on the selection
// too, the selected row's and a Detail search's match: high contrast's red
// read 2.89:1 on its blue, light's warning 3.57:1 and dark's muted 3.23:1.
// The selection still stands out from the background by at least stand.
func TestSelectionIsReadable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stand float64
	}{{"dark", 1.25}, {"light", 1.1}, {"high-contrast", 1.4}} {
		p := mustLoad(t, tc.name).Palette
		for _, key := range append([]string{"foreground"}, textRoles...) {
			r, _ := roleByKey(key)
			if got := contrast(t, *r.field(&p), p.Selection); got < 4.5 {
				t.Errorf("%s: %s on selection contrast = %.2f, want >= 4.5", tc.name, key, got)
			}
		}
		if got := contrast(t, p.Selection, p.Background); got < tc.stand {
			t.Errorf("%s: selection on background contrast = %.2f, want >= %.2f: the selected row no longer stands out", tc.name, got, tc.stand)
		}
	}
}

func mustLoad(t *testing.T, name string) Theme {
	t.Helper()
	isolate(t)
	th, err := Load(name)
	if err != nil {
		t.Fatalf("Load(%q): %v", name, err)
	}
	return th
}

// On a 16-colour terminal (TERM=xterm, the Linux console) the dark theme,
// and the default one on a dark terminal, draw text white, errors red and
// hints grey: termenv's nearest match made the text magenta, the errors the
// same magenta and the hints dark blue on black.
func TestDarkThemeOnSixteenColours(t *testing.T) {
	testSixteenColours(t, true, []Theme{Builtins()[0], Builtins()[1]}, []sgrWant{
		{"Row", "97"}, {"Error", "91"}, {"Hint", "37"}, {"Success", "92"}, {"SelectedRow", "44"},
	})
}

// On a light 16-colour terminal warnings are magenta and hints grey, not
// the yellow and cyan that xterm draws close to invisible on white.
func TestLightThemeOnSixteenColours(t *testing.T) {
	testSixteenColours(t, false, []Theme{Builtins()[0], Builtins()[2]}, []sgrWant{
		{"Row", "30"}, {"Error", "31"}, {"Warning", "35"}, {"Hint", "90"}, {"SelectedRow", "106"},
	})
}

// sgrWant is a Styles field and the SGR parameter it must carry.
type sgrWant struct{ style, sgr string }

func testSixteenColours(t *testing.T, dark bool, ths []Theme, wants []sgrWant) {
	t.Helper()
	for _, th := range ths {
		styles := allStyles(NewStyles(th.Palette))
		for _, w := range wants {
			got := renderIn(termenv.ANSI, styles[w.style], dark, "x")
			if !regexp.MustCompile(`\x1b\[([0-9;]*;)?` + w.sgr + `[;m]`).MatchString(got) {
				t.Errorf("%s %s on 16 colours (dark=%v) = %q, want SGR %s", th.Name, w.style, dark, got, w.sgr)
			}
		}
	}
}
