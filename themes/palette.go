// Package themes holds mcpscope's colour palettes: the built-in themes, user
// theme files that overlay them, and the single function that turns a palette
// into every lipgloss style the UI draws with.
//
// A palette names colours by what they mean (primary, error, selection, ...),
// never by where they are used, so a user theme changes one role and every
// screen that shows that meaning follows.
package themes

import "github.com/charmbracelet/lipgloss"

// Palette holds one colour per semantic role. A role set to lipgloss.NoColor{}
// has no colour; NewStyles then marks that meaning with a text attribute
// (bold, faint, reverse or underline) instead, which is how the mono theme
// stays readable.
type Palette struct {
	// Primary is the accent: focused titles, keys in help, the active tab.
	Primary lipgloss.TerminalColor
	// Subtle is secondary text: unfocused titles, column headers, help text.
	Subtle lipgloss.TerminalColor
	// Border draws unfocused pane borders and separators.
	Border lipgloss.TerminalColor
	// FocusedBorder draws the border of the pane that has focus.
	FocusedBorder lipgloss.TerminalColor
	// Error, Warning, Success and Info colour status messages and states.
	Error, Warning, Success, Info lipgloss.TerminalColor
	// Foreground is ordinary text.
	Foreground lipgloss.TerminalColor
	// Background is painted behind everything and is the ink of text drawn
	// on a filled accent (the active tab, status keys). NoColor keeps the
	// terminal's own background.
	Background lipgloss.TerminalColor
	// Muted is the least important text: timestamps, hints, placeholders.
	Muted lipgloss.TerminalColor
	// Selection is the background of the selected row; Foreground text must
	// stay readable on it.
	Selection lipgloss.TerminalColor

	// JSON syntax roles, used when a message body is shown pretty-printed.
	JSONKey, JSONString, JSONNumber, JSONBool, JSONNull, JSONPunct lipgloss.TerminalColor
}

// Theme is a named palette.
type Theme struct {
	Name        string
	Description string
	Palette     Palette
	// Source is "built-in" or the path of the user file the theme came from.
	Source string
}

// SourceBuiltin is the Source of every built-in theme.
const SourceBuiltin = "built-in"

// role ties a palette field to the key that names it in a theme file, so the
// parser, the default theme's adaptive merge and the error messages all walk
// one list and cannot drift apart.
type role struct {
	key   string
	field func(*Palette) *lipgloss.TerminalColor
}

var roles = []role{
	{"primary", func(p *Palette) *lipgloss.TerminalColor { return &p.Primary }},
	{"subtle", func(p *Palette) *lipgloss.TerminalColor { return &p.Subtle }},
	{"border", func(p *Palette) *lipgloss.TerminalColor { return &p.Border }},
	{"focused_border", func(p *Palette) *lipgloss.TerminalColor { return &p.FocusedBorder }},
	{"error", func(p *Palette) *lipgloss.TerminalColor { return &p.Error }},
	{"warning", func(p *Palette) *lipgloss.TerminalColor { return &p.Warning }},
	{"success", func(p *Palette) *lipgloss.TerminalColor { return &p.Success }},
	{"info", func(p *Palette) *lipgloss.TerminalColor { return &p.Info }},
	{"foreground", func(p *Palette) *lipgloss.TerminalColor { return &p.Foreground }},
	{"background", func(p *Palette) *lipgloss.TerminalColor { return &p.Background }},
	{"muted", func(p *Palette) *lipgloss.TerminalColor { return &p.Muted }},
	{"selection", func(p *Palette) *lipgloss.TerminalColor { return &p.Selection }},
	{"json_key", func(p *Palette) *lipgloss.TerminalColor { return &p.JSONKey }},
	{"json_string", func(p *Palette) *lipgloss.TerminalColor { return &p.JSONString }},
	{"json_number", func(p *Palette) *lipgloss.TerminalColor { return &p.JSONNumber }},
	{"json_bool", func(p *Palette) *lipgloss.TerminalColor { return &p.JSONBool }},
	{"json_null", func(p *Palette) *lipgloss.TerminalColor { return &p.JSONNull }},
	{"json_punct", func(p *Palette) *lipgloss.TerminalColor { return &p.JSONPunct }},
}

// isNone reports whether c draws no colour at all. Every spelling of "no
// colour" counts, because a user file can produce any of them.
func isNone(c lipgloss.TerminalColor) bool {
	switch v := c.(type) {
	case nil, lipgloss.NoColor:
		return true
	case lipgloss.Color:
		return v == ""
	case lipgloss.AdaptiveColor:
		return v.Light == "" && v.Dark == ""
	case lipgloss.CompleteColor:
		return v == lipgloss.CompleteColor{}
	case lipgloss.CompleteAdaptiveColor:
		return v == lipgloss.CompleteAdaptiveColor{}
	}
	return false
}

// Colourless reports whether no role of p has a colour, as in mono: its
// styles are text attributes (bold, faint, reverse, underline) only.
func (p Palette) Colourless() bool {
	for _, r := range roles {
		if !isNone(*r.field(&p)) {
			return false
		}
	}
	return true
}
