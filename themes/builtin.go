package themes

import "github.com/charmbracelet/lipgloss"

// darkPalette follows Catppuccin Mocha: pastel accents on a deep blue-grey,
// with the selection (surface0) one step lighter than the base, so every
// coloured text keeps 4.5:1 on the selected row; on surface1 the red read
// 3.94:1 and muted text 3.23:1. Each role names its own 16-colour stand-in: termenv's
// nearest match turned the pastels into magenta text, an error as magenta
// as the text around it and bright-blue hints on black.
var darkPalette = Palette{
	Primary:       in16("#cba6f7", "13"), // mauve
	Subtle:        in16("#bac2de", "7"),  // subtext1
	Border:        in16("#585b70", "8"),  // surface2
	FocusedBorder: in16("#b4befe", "12"), // lavender
	Error:         in16("#f38ba8", "9"),  // red
	Warning:       in16("#f9e2af", "11"), // yellow
	Success:       in16("#a6e3a1", "10"), // green
	Info:          in16("#89dceb", "14"), // sky
	Foreground:    in16("#cdd6f4", "15"), // text
	Background:    in16("#1e1e2e", "0"),  // base
	Muted:         in16("#989eb8", "7"),  // overlay2, a shade lighter: 4.5:1 on the selection
	Selection:     in16("#313244", "4"),  // surface0
	JSONKey:       in16("#89b4fa", "12"), // blue
	JSONString:    in16("#a6e3a1", "10"), // green
	JSONNumber:    in16("#fab387", "3"),  // peach
	JSONBool:      in16("#cba6f7", "13"), // mauve
	JSONNull:      in16("#94e2d5", "6"),  // teal
	JSONPunct:     in16("#a6adc8", "7"),  // subtext0
}

// lightPalette follows GitHub's Primer light scale, whose foreground colours
// are chosen to pass WCAG AA on white; that matters more on a light terminal,
// where pastel accents wash out. On 16 colours it keeps to the dark ones:
// yellow and cyan, termenv's nearest match for warnings and hints, are
// close to invisible on white in xterm's own palette. The selection is
// Primer's palest blue and the accents one step darker than Primer's
// foreground ones where those fell under 4.5:1 on it (the warning read
// 3.57:1 on blue 1).
var lightPalette = Palette{
	Primary:       in16("#6639ba", "4"),  // purple 6
	Subtle:        in16("#59636e", "8"),  // fg muted
	Border:        in16("#afb8c1", "7"),  // neutral 4
	FocusedBorder: in16("#0969da", "4"),  // accent blue
	Error:         in16("#cf222e", "1"),  // danger
	Warning:       in16("#7d4e00", "5"),  // yellow 6
	Success:       in16("#116329", "2"),  // green 6
	Info:          in16("#0969da", "4"),  // accent
	Foreground:    in16("#1f2328", "0"),  // fg default
	Background:    in16("#ffffff", "15"), // canvas
	Muted:         in16("#636c76", "8"),  // neutral 7
	Selection:     in16("#ddf4ff", "14"), // blue 0
	JSONKey:       in16("#0550ae", "4"),  // syntax constant
	JSONString:    in16("#116329", "2"),  // green 6
	JSONNumber:    in16("#953800", "1"),  // syntax variable
	JSONBool:      in16("#6639ba", "5"),  // purple 6
	JSONNull:      in16("#0e6b73", "5"),  // teal 6
	JSONPunct:     in16("#59636e", "8"),  // fg muted
}

// highContrastPalette is pure black and white with saturated accents, for
// low vision, projectors and screenshots.
var highContrastPalette = Palette{
	Primary:       lipgloss.Color("#00ffff"),
	Subtle:        lipgloss.Color("#e0e0e0"),
	Border:        lipgloss.Color("#ffffff"),
	FocusedBorder: lipgloss.Color("#ffff00"),
	Error:         lipgloss.Color("#ff5f5f"),
	Warning:       lipgloss.Color("#ffff00"),
	Success:       lipgloss.Color("#00ff00"),
	Info:          lipgloss.Color("#00ffff"),
	Foreground:    lipgloss.Color("#ffffff"),
	Background:    lipgloss.Color("#000000"),
	Muted:         lipgloss.Color("#c0c0c0"),
	Selection:     lipgloss.Color("#0000a0"),
	JSONKey:       lipgloss.Color("#00ffff"),
	JSONString:    lipgloss.Color("#00ff00"),
	JSONNumber:    lipgloss.Color("#ffff00"),
	JSONBool:      lipgloss.Color("#ff87ff"),
	JSONNull:      lipgloss.Color("#ff87ff"),
	JSONPunct:     lipgloss.Color("#ffffff"),
}

// monoPalette has no colour in any role; NewStyles falls back to attributes.
var monoPalette = Palette{
	Primary: lipgloss.NoColor{}, Subtle: lipgloss.NoColor{}, Border: lipgloss.NoColor{},
	FocusedBorder: lipgloss.NoColor{}, Error: lipgloss.NoColor{}, Warning: lipgloss.NoColor{},
	Success: lipgloss.NoColor{}, Info: lipgloss.NoColor{}, Foreground: lipgloss.NoColor{},
	Background: lipgloss.NoColor{}, Muted: lipgloss.NoColor{}, Selection: lipgloss.NoColor{},
	JSONKey: lipgloss.NoColor{}, JSONString: lipgloss.NoColor{}, JSONNumber: lipgloss.NoColor{},
	JSONBool: lipgloss.NoColor{}, JSONNull: lipgloss.NoColor{}, JSONPunct: lipgloss.NoColor{},
}

// in16 is hex on terminals of 256 colours or more and the ANSI colour ansi
// (0-15) on a 16-colour one (TERM=xterm, the Linux console).
func in16(hex, ansi string) lipgloss.CompleteColor {
	return lipgloss.CompleteColor{TrueColor: hex, ANSI256: hex, ANSI: ansi}
}

// adaptive pairs two palettes role by role, so the default theme is exactly
// `light` on a light terminal and `dark` on a dark one.
func adaptive(light, dark Palette) Palette {
	var p Palette
	for _, r := range roles {
		l, _ := (*r.field(&light)).(lipgloss.CompleteColor)
		d, _ := (*r.field(&dark)).(lipgloss.CompleteColor)
		*r.field(&p) = lipgloss.CompleteAdaptiveColor{Light: l, Dark: d}
	}
	return p
}

// Builtins returns the built-in themes in the order `mcpscope themes` lists
// them. Each call returns fresh values, so callers may modify them.
func Builtins() []Theme {
	return []Theme{
		{
			Name:        "default",
			Description: "follows the terminal: light on light backgrounds, dark on dark ones",
			Palette:     adaptive(lightPalette, darkPalette),
			Source:      SourceBuiltin,
		},
		{Name: "dark", Description: "soft pastels on deep blue-grey (Catppuccin Mocha)", Palette: darkPalette, Source: SourceBuiltin},
		{Name: "light", Description: "crisp, accessible colours on white (GitHub Primer)", Palette: lightPalette, Source: SourceBuiltin},
		{Name: "high-contrast", Description: "pure black and white with bright accents", Palette: highContrastPalette, Source: SourceBuiltin},
		{Name: "mono", Description: "no colour: bold, faint, reverse and underline only (used when NO_COLOR is set)", Palette: monoPalette, Source: SourceBuiltin},
	}
}

func builtin(name string) (Theme, bool) {
	for _, t := range Builtins() {
		if t.Name == name {
			return t, true
		}
	}
	return Theme{}, false
}

func builtinNames() []string {
	var names []string
	for _, t := range Builtins() {
		names = append(names, t.Name)
	}
	return names
}
