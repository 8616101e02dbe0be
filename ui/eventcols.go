package ui

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// eventColumns are the widths of the raw events pane's columns for an
// inner width; columns that do not fit are dropped (width 0), the least
// useful first, so the data keeps room to be read.
type eventColumns struct{ time, stream, name, id, size, data int }

// eventCells are one row's cells, before they are laid out.
type eventCells struct{ time, stream, name, id, size, data string }

// eventHeader is the header row's cells.
var eventHeader = eventCells{"TIME", "STREAM", "EVENT", "ID", "SIZE", "DATA"}

// minEventData is the least room the data column keeps before columns go.
const minEventData = 16

// The widest each column but the data grows: a longer cell is cut with ….
var eventColumnCaps = eventColumns{time: 9, stream: 16, name: 12, id: 12, size: 9}

// eventColumnsFor lays the columns out for inner width w and the rows on
// screen: each column as wide as its widest cell (the header's included,
// up to its cap), the ID column left out while no row shown has an id, and
// the data takes the rest. Fixed widths wide enough for any row left the
// data 17 cells of a 64-cell pane, mostly to blanks.
func eventColumnsFor(w int, rows []eventCells) eventColumns {
	return widestCells(rows, eventColumns{}).fit(w)
}

// widestCells are the widths of seen grown to the cells of rows and the
// header's, each up to its cap: the columns of eventColumnsFor before the
// width is shared out.
func widestCells(rows []eventCells, seen eventColumns) eventColumns {
	c := eventColumns{
		time:   max(seen.time, ansi.StringWidth(eventHeader.time)),
		stream: max(seen.stream, ansi.StringWidth(eventHeader.stream)),
		name:   max(seen.name, ansi.StringWidth(eventHeader.name)),
		id:     seen.id,
		size:   max(seen.size, ansi.StringWidth(eventHeader.size)),
	}
	for _, r := range rows {
		c.time = max(c.time, ansi.StringWidth(r.time))
		c.stream = max(c.stream, ansi.StringWidth(r.stream))
		c.name = max(c.name, ansi.StringWidth(r.name))
		c.size = max(c.size, ansi.StringWidth(r.size))
		if r.id != "" {
			c.id = max(c.id, ansi.StringWidth(eventHeader.id), ansi.StringWidth(r.id))
		}
	}
	c.time, c.stream, c.name = min(c.time, eventColumnCaps.time), min(c.stream, eventColumnCaps.stream), min(c.name, eventColumnCaps.name)
	c.id, c.size = min(c.id, eventColumnCaps.id), min(c.size, eventColumnCaps.size)
	return c
}

// fit shares inner width w out: the columns that leave the data less than
// minEventData go, the least useful first, and the data takes the rest.
func (c eventColumns) fit(w int) eventColumns {
	fixed := func() int {
		n := 0
		for _, x := range []int{c.time, c.stream, c.name, c.id, c.size} {
			if x > 0 {
				n += x + 1
			}
		}
		return n
	}
	for _, drop := range []*int{&c.id, &c.size, &c.name} {
		if w-fixed() >= minEventData {
			break
		}
		*drop = 0
	}
	c.data = max(w-fixed(), 1)
	return c
}

// grownColumns are the widest cells a session's rows have shown, so its
// columns only grow: laid out for the rows on screen alone, they narrowed
// as a 12.7 KiB event or a row with an id scrolled away, and the data
// moved left and right under a reader scrolling a long session.
type grownColumns struct {
	log    *history.Log
	widths eventColumns
}

// columns are the columns for inner width w, grown to the rows on screen
// now; another session's log starts them again.
func (g *grownColumns) columns(log *history.Log, w int, rows []eventCells) eventColumns {
	if g.log != log {
		*g = grownColumns{log: log}
	}
	g.widths = widestCells(rows, g.widths)
	return g.widths.fit(w)
}

// row joins the cells of one line at the column widths.
func (c eventColumns) row(r eventCells) string {
	var b []byte
	add := func(s string, w int, right bool) {
		if w <= 0 {
			return
		}
		if right {
			b = append(b, rcell(s, w)...)
		} else {
			b = append(b, cell(s, w)...)
		}
		b = append(b, ' ')
	}
	add(r.time, c.time, false)
	add(r.stream, c.stream, false)
	add(r.name, c.name, false)
	add(cutID(r.id, c.id), c.id, false)
	add(r.size, c.size, true)
	return string(b) + r.data
}

// cutID is an event id in w cells, for the ID column and the rows that
// name ids in their data. Its end tells it from its neighbours (the
// demo's and the Go SDK's are the stream's id, then _0, _1, …), so a long
// one keeps its end after "…". In one cell it is "…" alone: a lone last
// character read as an id of its own, and nothing as no id. Below one
// cell there is nothing to cut into, and it stays whole for the line's
// own cut.
func cutID(id string, w int) string {
	n := ansi.StringWidth(id)
	switch {
	case w < 1 || n <= w:
		return id
	case w == 1:
		return "…"
	}
	return ansi.TruncateLeft(id, n-w+1, "…")
}
