package main

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/wrap"
)

// entry is one row of a listing: a name, its kind (a resource's or
// template's mime type and size; "" for none), what it is, and an optional
// line under the description (a tool's or a prompt's arguments). A tool's
// or a prompt's name comes cut (mcp.NameShown); a resource's URI or a
// template comes whole, as it is copied into resources/read.
type entry struct{ name, kind, desc, more string }

// maxNameColumn is the widest a listing's name column grows: a longer name
// runs past it rather than widening it for every row. A server's one name
// of a megabyte would otherwise pad each of its thousand other rows to a
// megabyte (and past a million runes fmt prints %!(BADWIDTH) instead).
const maxNameColumn = 48

// maxKindColumn is the widest the kind column grows, for the same reason:
// mime types are a few words ("application/vnd.ms-excel"), a longer one
// runs past the column.
const maxKindColumn = 32

// columns writes a listing, the names aligned and the kinds too, so the
// descriptions after kinds of different lengths start in one column.
// Every part is one line (sanitize.Line): a line break a server put in a
// name is shown, not obeyed, so it cannot print a line that reads as
// another entry. The columns are measured in terminal cells, as they
// are drawn: a name or a type in wide characters (CJK takes two cells a
// character) would push the rest of its row out of line, and past the
// width its description was wrapped to, if padded by runes as fmt pads.
func (p *printer) columns(rows []entry) {
	names := make([]string, len(rows))
	kinds := make([]string, len(rows))
	width, kindWidth := 0, 0
	for i, r := range rows {
		names[i] = sanitize.Line(r.name)
		if n := ansi.StringWidth(names[i]); n <= maxNameColumn {
			width = max(width, n)
		}
		kinds[i] = sanitize.Line(r.kind)
		if n := ansi.StringWidth(kinds[i]); n <= maxKindColumn {
			kindWidth = max(kindWidth, n)
		}
	}
	for i, r := range rows {
		line := padCells(names[i], width) + "  "
		if kindWidth > 0 {
			// A kind past its column pushes its own row's description
			// on; the other rows stay aligned.
			line += padCells(kinds[i], kindWidth) + "  "
		}
		text := p.hanging(sanitize.Line(r.desc), ansi.StringWidth(line))
		if strings.HasPrefix(text, "\n") {
			// A row past the width: all of it goes under, and no blanks
			// are left at the end of the name's line.
			line = strings.TrimRight(line, " ")
		}
		line += text
		fmt.Fprintln(p.w, strings.TrimRight(line, " "))
		if r.more != "" {
			fmt.Fprintf(p.w, "%-*s    %s\n", width, "", p.hangingParts(sanitize.Line(r.more), width+4))
		}
	}
}

// padCells is s followed by the spaces that make it width cells wide.
func padCells(s string, width int) string {
	return s + strings.Repeat(" ", max(width-ansi.StringWidth(s), 0))
}

// minWrapRoom is the narrowest column a listing's text is wrapped into:
// narrower (long resource URIs leave little of 80 columns), each further
// line is indented by hangIndent under the row instead, so a description
// does not take a line per few words.
const (
	minWrapRoom = 40
	hangIndent  = 4
)

// hanging is text that starts in column col, wrapped at its spaces to the
// terminal's width with each further line indented to col (or by
// hangIndent when that column is narrow), so a long description stays
// under its row instead of the terminal breaking it mid-word at the left
// edge. Off a terminal (width 0) it is text as it is: one line, for grep.
func (p *printer) hanging(text string, col int) string {
	room := p.width - col
	if p.width <= 0 || ansi.StringWidth(text) <= room {
		return text
	}
	indent := col
	if room < minWrapRoom {
		indent = hangIndent
	}
	var lines []string
	if room >= hangIndent*4 {
		// The first line fills what the row leaves; the rest go under it.
		first := wrap.Words(text, room)[0]
		lines = append(lines, first)
		text = strings.TrimLeft(strings.TrimPrefix(text, first), " ")
	} else {
		lines = append(lines, "") // a row past the width: all of text goes under it
	}
	if text != "" {
		lines = append(lines, wrap.Words(text, p.width-indent)...)
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ") // argSummary's two-space gaps at a break
	}
	return strings.Join(lines, "\n"+strings.Repeat(" ", indent))
}

// hangingParts is hanging for a line of parts set apart by two spaces
// (argSummary's "name*: string  count: number"): it breaks between parts,
// so no "count:" is left at a line's end without its type, and inside a
// part only when it is longer than a line.
func (p *printer) hangingParts(text string, col int) string {
	const nbsp = "\u00a0" // no space wrap.Words breaks at
	parts := strings.Split(text, "  ")
	for i, part := range parts {
		if ansi.StringWidth(part) <= p.width-col-hangIndent {
			// A part longer than a line ("Los Angeles" at the end of an
			// enum) keeps its spaces to break at, not mid-word.
			parts[i] = strings.ReplaceAll(part, " ", nbsp)
		}
	}
	return strings.ReplaceAll(p.hanging(strings.Join(parts, "  "), col), nbsp, " ")
}
