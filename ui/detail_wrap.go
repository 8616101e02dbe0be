package ui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// wrapped appends text wrapped between words at the pane's width (see
// wrapWords), each row in style: a heading line says all it has (an id, a
// URL, the advice on what to do) instead of being cut at the border. text
// is plain, sanitized text.
func (in *detailInput) wrapped(out []string, text string, style lipgloss.Style) []string {
	for i, l := range wrapWords(text, in.width) {
		out = in.row(out, i, style.Render(l))
	}
	return out
}

// wrappedTail is wrapped with the last part of text, tail, in a style of
// its own (a row's state after its title, a header's value after its name
// is the other way round: see wrappedHead).
func (in *detailInput) wrappedTail(out []string, text, tail string, style, tailStyle lipgloss.Style) []string {
	rows := wrapWords(text+tail, in.width)
	for i, l := range rows {
		if i == len(rows)-1 && strings.HasSuffix(l, tail) {
			out = in.row(out, i, style.Render(strings.TrimSuffix(l, tail))+tailStyle.Render(tail))
			continue
		}
		out = in.row(out, i, style.Render(l))
	}
	return out
}

// wrappedHead is wrapped with the first part of text, head, in a style of
// its own: a header's name before its value.
func (in *detailInput) wrappedHead(out []string, head, text string, headStyle, style lipgloss.Style) []string {
	for i, l := range wrapWords(head+text, in.width) {
		if i == 0 && strings.HasPrefix(l, head) {
			out = in.row(out, i, headStyle.Render(head)+style.Render(strings.TrimPrefix(l, head)))
			continue
		}
		out = in.row(out, i, style.Render(l))
	}
	return out
}

// section is a ruled heading: "── Response ── 345 B".
func (in *detailInput) section(title, note string) string {
	head := "── " + title + " "
	if note != "" {
		head += "── " + note + " "
	}
	return in.st.Header.Render(cell(head+strings.Repeat("─", max(in.width-len([]rune(head)), 0)), in.width))
}
