package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// helpGroup is one titled column of the help overlay.
type helpGroup struct {
	title    string
	bindings []key.Binding
}

// groups lists every key, grouped by where it applies. Disabled bindings
// (sending in a replay, replay controls in a live session) are left out by
// bubbles' help itself.
func (k *KeyMap) groups() []helpGroup {
	return []helpGroup{
		{"Global", []key.Binding{k.Quit, k.Help, k.NextPane, k.PrevPane, k.Reconnect, k.Redraw}},
		{"Send", []key.Binding{k.Initialize, k.ListTools, k.Call, k.Command, k.CancelRequest}},
		// y copies the highlighted row in Pairs and Raw events too: the
		// help named it only under Detail.
		{"Pairs and events", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Open, keyAs(k.Copy, "copy the row's JSON (an event's data)")}},
		{"Pairs marks", k.pairMarks()},
		// The filter reuses enter and esc with a meaning of its own.
		{"Raw events", []key.Binding{k.Filter, keyAs(k.Submit, "keep filter"), keyAs(k.Cancel, "clear filter")}},
		// Detail scrolls with the lists' paging keys: one row names a pair.
		{"Detail", []key.Binding{keyAs(k.Up, "scroll up"), keyAs(k.Down, "scroll down"), eitherKey(k.PageUp, k.PageDown, "page up/down"),
			eitherKey(k.Home, k.End, "top/bottom"), k.Search, eitherKey(k.NextMatch, k.PrevMatch, "next/previous match"), k.ToggleRaw, k.Copy, k.Back}},
		{"Command line", k.commandLineKeys()},
		{"Replay", []key.Binding{k.PlayPause, k.Faster, k.Slower, k.Step, k.JumpStart, k.JumpEnd}},
		{"Proxy clients", []key.Binding{k.NextClient, k.PrevClient, k.OpenOwn, k.endedMark()}},
	}
}

// endedMark is the clients bar's "○" after a client that ended, said as a
// row of the clients' group with no key of its own: the bar marked ended
// clients with a sign the help never explained. It is shown where the
// clients' keys are (a proxy's TUI) and nowhere else.
func (k *KeyMap) endedMark() key.Binding {
	b := key.NewBinding(key.WithKeys(k.NextClient.Keys()...), key.WithHelp(endedMark, "a client that ended"))
	b.SetEnabled(k.NextClient.Enabled())
	return b
}

// commandLineKeys are the command line's keys, or none while it cannot
// send: its keys are shared with other uses and cannot be disabled.
func (k *KeyMap) commandLineKeys() []key.Binding {
	if !k.Command.Enabled() {
		return nil
	}
	// While typing q is a letter: the one key that quits there is said
	// here, with what becomes of the line, or only the too-small screen
	// named it.
	quit := key.NewBinding(key.WithKeys(typingQuit), key.WithHelp(typingQuit, "quit (the line is kept for ↑)"))
	// The same keys answer what a server asks, at the prompt it opens.
	// What esc does in a 2026 round is a row of its own under esc's, with
	// no key: on one row it was cut at 80 columns.
	round := key.NewBinding(key.WithKeys(k.Cancel.Keys()...), key.WithHelp("", "in a 2026 round: declining ends it; your typing is kept for ↑"))
	return []key.Binding{keyAs(k.Complete, "complete"), k.CompleteBack, keyAs(k.Submit, "send / answer"), keyAs(k.Cancel, "leave / dismiss a question (cancel a form, decline a sampling)"), round, quit, k.HistoryPrev, k.HistoryNext, k.AskScrollUp, k.AskScrollDown}
}

// ShortHelp implements help.KeyMap: the keys worth a reminder.
func (k *KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.NextPane, k.Open, k.Initialize, k.ListTools, k.Call, k.Quit}
}

// FullHelp implements help.KeyMap: every key, one column per group.
func (k *KeyMap) FullHelp() [][]key.Binding {
	gs := k.groups()
	out := make([][]key.Binding, 0, len(gs))
	for _, g := range gs {
		out = append(out, g.bindings)
	}
	return out
}

// helpView renders the help overlay to fit in w x h cells: titled groups
// laid out in as many columns as fit. When they do not fit in h rows (a
// small terminal), the groups scroll from row top and the footer says so,
// instead of being cut off without a word.
func (c *common) helpView(w, h, top int) string {
	content, wrapped := c.helpLayout(w)
	room := c.helpRoom(h)
	hint := "press " + c.helpCloseKeys() + " to close"
	// The box is as wide as all of its groups and its widest footer, not
	// only the rows in view, so it keeps its place while it scrolls.
	wide := lipgloss.Width(strings.Join(content, "\n"))
	if len(content) > room {
		top = min(max(top, 0), len(content)-room)
		where := "more above, more below"
		switch {
		case top == 0:
			where = "more below"
		case top+room == len(content):
			where = "more above"
		}
		wide = max(wide, lipgloss.Width(c.helpScrollHint("more above, more below", w)))
		hint = c.helpScrollHint(where, w)
		content = content[top : top+room]
	}
	body := append(content, "", c.st.Hint.Render(hint))
	ptop, right, pbottom, left := c.st.Overlay.GetPadding()
	bw := min(max(wide, lipgloss.Width(hint))+left+right+2, w)
	switch {
	case wrapped:
		// The groups were laid out in rows for the screen's width: the
		// box spans it, whichever groups the mode has. The replay's, with
		// no Send group, stood 77 columns wide and off centre at 80 where
		// the live one spanned them.
		bw = w
	case (w-bw)%2 != 0:
		// A box narrower than the screen by an odd count sat a column
		// nearer the left edge than the right; one more column centres it.
		bw++
	}
	bh := min(len(body)+ptop+pbottom+2, h)
	pad := c.st.App.Render(strings.Repeat(" ", left))
	inner := make([]string, 0, len(body)+ptop)
	for i := 0; i < ptop; i++ {
		inner = append(inner, "")
	}
	for _, l := range body {
		inner = append(inner, pad+l)
	}
	box := c.box(c.st.Overlay, c.st.OverlayTitle.Render("Keys"), inner, bw, bh)
	lines := strings.Split(lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, strings.Join(box, "\n")), "\n")
	for i, l := range lines {
		lines[i] = c.painted(l)
	}
	return strings.Join(lines, "\n")
}

// helpScrollHint is the footer of a help that scrolls in a screen w
// columns wide, naming the keys that scroll it as the key map does: all of
// them where the box has room for the longest footer (80 columns), ↑ and ↓
// alone where it has not (60 columns), so the box keeps one width as it
// scrolls.
func (c *common) helpScrollHint(where string, w int) string {
	k := c.keys
	names := func(bs ...key.Binding) string {
		out := make([]string, len(bs))
		for i, b := range bs {
			out[i] = b.Help().Key
		}
		return strings.Join(out, " ")
	}
	hint := func(keys, where string) string {
		return keys + " · " + where + " · " + c.helpCloseKeys() + " to close"
	}
	all := names(k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End)
	if lipgloss.Width(hint(all, "more above, more below"))+c.st.Overlay.GetHorizontalFrameSize() <= w {
		return hint(all, where)
	}
	return hint(names(k.Up, k.Down), where)
}

// helpCloseKeys names the keys that close the help: "? or esc".
func (c *common) helpCloseKeys() string {
	return c.keys.Help.Help().Key + " or " + c.keys.Cancel.Help().Key
}

// helpContent is the overlay's groups, laid out for a width of w, as lines.
func (c *common) helpContent(w int) []string {
	lines, _ := c.helpLayout(w)
	return lines
}

// helpLayout is helpContent, and whether the groups took more than one row
// for want of room in w.
func (c *common) helpLayout(w int) (lines []string, wrapped bool) {
	hm := help.New()
	hm.Styles = c.st.Help
	var blocks []string
	room := max(w-c.st.Overlay.GetHorizontalFrameSize(), 10)
	for _, g := range c.keys.groups() {
		body := hm.FullHelpView([][]key.Binding{helpRows(g.bindings, room)})
		if strings.TrimSpace(body) == "" {
			continue
		}
		// The title's padding is for a box's border ("─ Keys ─"); over a
		// column of keys it stood one cell right of them.
		blocks = append(blocks, c.st.OverlayTitle.UnsetPadding().Render(g.title)+"\n"+body)
	}
	var rows []string
	var row []string
	rowW := 0
	for _, b := range blocks {
		bw := lipgloss.Width(b) + 3
		if rowW > 0 && rowW+bw > room {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, rowW, wrapped = nil, 0, true
		}
		row = append(row, c.st.App.PaddingRight(3).Render(b))
		rowW += bw
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	return strings.Split(strings.Join(rows, "\n\n"), "\n"), wrapped
}

// helpRows is a group's bindings with each meaning too wide for room
// columns, beside the group's widest key, wrapped onto rows of its own
// under it, rows with no key shown (as the 2026 round's row under esc):
// the box cut such a row at its edge, and below 76 columns a mark's
// meaning read "answer, and a ne…".
func helpRows(bs []key.Binding, room int) []key.Binding {
	keyW := 0
	for _, b := range bs {
		if b.Enabled() {
			keyW = max(keyW, ansi.StringWidth(b.Help().Key))
		}
	}
	// Bubbles' help puts a space between key and meaning. A group is
	// padded by 3 columns on its right (helpLayout), and the box draws
	// its lines from its left padding to its border, 2 columns more than
	// room: a group's rows may be room-1 wide.
	descW := max(room-1-keyW-1, 10)
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		rows := wrapWords(b.Help().Desc, descW)
		if !b.Enabled() || len(rows) < 2 {
			out = append(out, b)
			continue
		}
		for i, r := range rows {
			k := ""
			if i == 0 {
				k = b.Help().Key
			}
			row := key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(k, r))
			out = append(out, row)
		}
	}
	return out
}

// helpRoom is how many rows of groups fit in an overlay h rows high: the
// borders, the padding and the footer (a blank line and the hint) take the
// rest.
func (c *common) helpRoom(h int) int {
	top, _, bottom, _ := c.st.Overlay.GetPadding()
	return max(h-2-top-bottom-2, 1)
}

// helpScroll moves the overlay's first row by d (clamped to what there is
// to see) for a screen w x h.
func (c *common) helpScroll(top, d, w, h int) int {
	last := max(len(c.helpContent(w))-c.helpRoom(h), 0)
	return min(max(top+d, 0), last)
}
