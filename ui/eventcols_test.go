package ui

import (
	"strings"
	"testing"
)

// The raw events pane's columns are as wide as the rows on screen need and
// the data takes the rest: at 160 columns the pane is 64 cells wide, and
// fixed widths left the data 17 of them.
func TestEventColumnsGiveTheDataTheRest(t *testing.T) {
	legacy := []eventCells{
		{"+0.015s", "sse", "endpoint", "", "65 B", "/sse?sessionid=M"},
		{"+3.002s", "sse", "message", "", "12.7 KiB", `{…"id":3825002,"result"`},
	}
	c := eventColumnsFor(62, legacy)
	if c.id != 0 {
		t.Errorf("ID column %d cells wide with no id on screen, want none", c.id)
	}
	if c.time != 7 || c.stream != len("STREAM") || c.name != len("endpoint") || c.size != len("12.7 KiB") {
		t.Errorf("columns %+v, want each as wide as its widest cell", c)
	}
	if c.data != 62-(8+7+9+9) {
		t.Errorf("data %d cells of 62, want the rest, %d", c.data, 62-(8+7+9+9))
	}
	withIDs := append(legacy, eventCells{"+4.000s", "resp 3825003", "message", "0_12", "1 KiB", "{}"})
	if c := eventColumnsFor(62, withIDs); c.id != len("0_12") || c.stream != len("resp 3825003") {
		t.Errorf("with an id on screen: columns %+v, want ID 4 and STREAM 12 cells", c)
	}
	// A narrow pane drops the least useful columns before the data
	// shrinks below minEventData.
	if c := eventColumnsFor(40, withIDs); c.data < minEventData || c.id != 0 {
		t.Errorf("40 cells: columns %+v, want the ID column dropped and data at least %d", c, minEventData)
	}
	// The header's words stand when the rows are shorter.
	if c := eventColumnsFor(62, nil); c.time != len("TIME") || c.size != len("SIZE") {
		t.Errorf("no rows: columns %+v, want the header's widths", c)
	}
}

// A long event id keeps its end, which tells it from the stream's others.
func TestEventColumnsKeepTheEndOfALongID(t *testing.T) {
	rows := []eventCells{{"+0.014s", "resp 9445001", "message", "SZQ6Y3E6KDI2QY3ZQQ2VB2OY5K_1", "1.1 KiB", "{}"}}
	c := eventColumnsFor(78, rows)
	if got := c.row(rows[0]); !strings.Contains(got, "OY5K_1 ") || strings.Contains(got, "SZQ6") {
		t.Errorf("row %q, want the id's end (…OY5K_1), not its start", got)
	}
}

// Ids cut to one cell each read "…", in the ID column and in a run's row
// alike: the run's row printed them whole past its room, and the column
// drew nothing, which read as no id.
func TestEventIDsInOneCellReadAsCut(t *testing.T) {
	if got := fitIDs("3 ids ", []string{"ev-1", "ev-3"}, 9); got != "3 ids … …" {
		t.Errorf("two ids in one cell each: %q, want %q", got, "3 ids … …")
	}
	if got := fitIDs("3 ids ", []string{"ev-1", "ev-3"}, 15); got != "3 ids ev-1 ev-3" {
		t.Errorf("two ids with room: %q, want them whole", got)
	}
	c := eventColumns{time: 7, id: 1, data: 4}
	if got := c.row(eventCells{time: "+0.014s", id: "ev-12", data: "{}"}); got != "+0.014s … {}" {
		t.Errorf("a one-cell ID column: %q, want %q", got, "+0.014s … {}")
	}
}
