package themes

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
)

// Styles are every lipgloss style the UI uses, made from one palette by
// NewStyles. The UI keeps one Styles value in its shared context and never
// builds colours of its own, so switching theme is replacing this value.
//
// Every style carries the palette's foreground and background. Each rendered
// span ends with a reset, so text joined from bare strings loses the painted
// background after the first styled span; render gaps with App (or the
// enclosing pane's style) to keep it.
type Styles struct {
	// App wraps the whole frame.
	App lipgloss.Style

	// StatusBar is the bottom line; StatusKey labels a field on it ("SSE",
	// "session") as a filled badge, StatusValue shows the field's value.
	StatusBar, StatusKey, StatusValue lipgloss.Style

	// Title and FocusedTitle head a pane; the focused one is bold.
	Title, FocusedTitle lipgloss.Style
	// Pane and FocusedPane are rounded-bordered boxes with equal frame sizes,
	// so focus can move without the layout shifting.
	Pane, FocusedPane lipgloss.Style
	// Header is a column header line inside a pane.
	Header lipgloss.Style

	// Row is an ordinary list row; SelectedRow is the cursor row.
	Row, SelectedRow lipgloss.Style
	// Dim is for timestamps, sizes and other context.
	Dim lipgloss.Style

	// Error, Warning, Success and Info colour status messages and states.
	Error, Warning, Success, Info lipgloss.Style
	// Pending marks a request still waiting for its response.
	Pending lipgloss.Style
	// Outgoing and Incoming mark the direction of a message: what mcpscope
	// sent and what the server sent back.
	Outgoing, Incoming lipgloss.Style

	// Key shows a key binding inline ("press ? for help"); Hint is the quiet
	// text around it.
	Key, Hint lipgloss.Style

	// TabActive and TabInactive are the pane tabs of narrow layouts.
	TabActive, TabInactive lipgloss.Style

	// Overlay is the box drawn over the panes for help and confirmations;
	// OverlayTitle heads it.
	Overlay, OverlayTitle lipgloss.Style

	// JSON syntax styles for pretty-printed message bodies.
	JSONKey, JSONString, JSONNumber, JSONBool, JSONNull, JSONPunct lipgloss.Style

	// Help styles bubbles' help model; assign it to help.Model.Styles.
	Help help.Styles
	// TextInput styles the command line's bubbles/textinput model.
	TextInput TextInputStyles
}

// TextInputStyles holds the styles of a bubbles/textinput model (v1.0.0),
// one field per model field: Prompt -> PromptStyle, Text -> TextStyle and
// Cursor.TextStyle, Placeholder -> PlaceholderStyle, Completion ->
// CompletionStyle, Cursor -> Cursor.Style.
type TextInputStyles struct {
	Prompt, Text, Placeholder, Completion lipgloss.Style
	// Cursor is drawn reversed by the cursor model, so its foreground becomes
	// the block colour.
	Cursor lipgloss.Style
}

// NewStyles turns a palette into Styles. A role without colour (NoColor, as
// in mono) is shown with an attribute instead, so every distinction the UI
// draws (focus, selection, errors, the active tab) survives without colour.
func NewStyles(p Palette) Styles {
	base := lipgloss.NewStyle().Foreground(p.Foreground).Background(p.Background)
	// fg colours text with c, or applies the attributes when c is no colour.
	fg := func(c lipgloss.TerminalColor, attrs func(lipgloss.Style) lipgloss.Style) lipgloss.Style {
		if isNone(c) {
			return attrs(base)
		}
		return base.Foreground(c)
	}
	// fill paints c behind text written in the background colour; without a
	// colour, reverse video gives the same "filled" look.
	fill := func(c lipgloss.TerminalColor) lipgloss.Style {
		if isNone(c) {
			return base.Reverse(true)
		}
		return base.Foreground(p.Background).Background(c)
	}
	plain := func(s lipgloss.Style) lipgloss.Style { return s }
	bold := func(s lipgloss.Style) lipgloss.Style { return s.Bold(true) }
	faint := func(s lipgloss.Style) lipgloss.Style { return s.Faint(true) }
	underline := func(s lipgloss.Style) lipgloss.Style { return s.Underline(true) }

	pane := base.Border(lipgloss.RoundedBorder()).BorderForeground(p.Border).BorderBackground(p.Background)
	focusedPane := pane.BorderForeground(p.FocusedBorder)
	if isNone(p.FocusedBorder) {
		// Same one-cell frame, heavier lines: focus stays visible in mono.
		focusedPane = focusedPane.Border(lipgloss.ThickBorder())
	}
	selected := base.Reverse(true)
	statusValue := base.Padding(0, 1)
	if !isNone(p.Selection) {
		selected = base.Background(p.Selection)
		statusValue = statusValue.Background(p.Selection)
	}
	key := fg(p.Primary, plain).Bold(true)
	subtle := fg(p.Subtle, plain)
	muted := fg(p.Muted, faint)
	separator := fg(p.Border, faint)
	focusedTitle := fg(p.Primary, plain).Bold(true).Padding(0, 1)

	return Styles{
		App:          base,
		StatusBar:    subtle,
		StatusKey:    fill(p.Primary).Bold(true).Padding(0, 1),
		StatusValue:  statusValue,
		Title:        subtle.Padding(0, 1),
		FocusedTitle: focusedTitle,
		Pane:         pane,
		FocusedPane:  focusedPane,
		Header:       subtle.Bold(true),
		Row:          base,
		SelectedRow:  selected,
		Dim:          muted,
		Error:        fg(p.Error, bold),
		Warning:      fg(p.Warning, underline),
		Success:      fg(p.Success, plain),
		Info:         fg(p.Info, plain),
		Pending:      fg(p.Warning, faint),
		Outgoing:     fg(p.Info, plain),
		Incoming:     fg(p.Success, plain),
		Key:          key,
		Hint:         muted,
		TabActive:    fill(p.Primary).Bold(true).Padding(0, 1),
		TabInactive:  subtle.Padding(0, 1),
		Overlay: base.Border(lipgloss.RoundedBorder()).BorderForeground(p.FocusedBorder).
			BorderBackground(p.Background).Padding(1, 2),
		OverlayTitle: focusedTitle,
		JSONKey:      fg(p.JSONKey, bold),
		JSONString:   fg(p.JSONString, plain),
		JSONNumber:   fg(p.JSONNumber, plain),
		JSONBool:     fg(p.JSONBool, plain),
		JSONNull:     fg(p.JSONNull, faint),
		JSONPunct:    fg(p.JSONPunct, faint),
		Help: help.Styles{
			Ellipsis:       separator,
			ShortKey:       key,
			ShortDesc:      subtle,
			ShortSeparator: separator,
			FullKey:        key,
			FullDesc:       subtle,
			FullSeparator:  separator,
		},
		TextInput: TextInputStyles{
			Prompt:      key,
			Text:        base,
			Placeholder: muted,
			Completion:  muted,
			Cursor:      fg(p.Primary, plain),
		},
	}
}
