package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// With 200 clients on 80 columns even their numbers did not fit: the bar
// was cut at the edge, and from the 16th on the shown client was in the
// cut-off part (a lone "…" was marked as the shown tab), so [ and ] moved
// to a client the bar could not show. The bar now shows a window of
// numbers around the shown one, which keeps its name, and says where in
// the list it is.
func TestClientsBarShowsTheShownOneOfMany(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	for i := 1; i <= 200; i++ {
		m.Update(clientMsg{ID: i, Transport: "streamable", Name: fmt.Sprintf("many-%03d", i), Records: make(chan []mcp.Record)})
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	bar := func() string { return row(ansi.Strip(m.View()), "clients:") }
	for shown := 1; shown <= 200; shown++ {
		got := bar()
		if want := fmt.Sprintf("%d many-%03d · streamable", shown, shown); !strings.Contains(got, want) {
			t.Fatalf("at 80 columns with 200 clients, showing client %d, the clients bar = %q, want %q in it", shown, got, want)
		}
		if want := fmt.Sprintf("%d of 200", shown); !strings.Contains(got, want) {
			t.Fatalf("showing client %d, the clients bar = %q, want %q in it", shown, got, want)
		}
		if ansi.StringWidth(got) > 80 {
			t.Fatalf("the clients bar is %d columns wide, more than 80: %q", ansi.StringWidth(got), got)
		}
		if shown > 1 && shown < 200 && (!strings.Contains(got, fmt.Sprint(shown-1)+" ") || !strings.Contains(got, " "+fmt.Sprint(shown+1))) {
			t.Fatalf("showing client %d, the clients bar = %q, want its neighbours' numbers beside it", shown, got)
		}
		press(m, "]")
	}
}

// With long names and the count of ended sessions before them, not even
// the shown client's name fits beside the rest: it is cut, and where it
// is among them all still shows.
func TestClientsBarCutsALongShownName(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	// The first 56 were let go: the ones left are numbered from 57.
	for i := 57; i <= 256; i++ {
		m.Update(clientMsg{ID: i, Transport: "streamable", Name: fmt.Sprintf("some-long-client-name-%03d 1.2.3", i), Records: make(chan []mcp.Record)})
	}
	m.clients.dropped = 56
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "]")
	got := row(ansi.Strip(m.View()), "clients:")
	if !strings.Contains(got, "58 some-l") || !strings.Contains(got, "client 58 of 256") || ansi.StringWidth(got) > 80 {
		t.Errorf("the clients bar = %q, want the shown client's name cut and %q within 80 columns", got, "client 58 of 256")
	}
}

// Fifteen clients on 80 columns (exec and the Inspector CLI through a
// proxy for a while): the bar showed a window of their numbers as wide as
// the screen, and the "? help" that ends it went, so a watcher's screen
// said nowhere how to find the keys. The window leaves room for it.
func TestClientsBarWindowKeepsHelp(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	for i := 1; i <= 15; i++ {
		m.Update(clientMsg{ID: i, Transport: "streamable", Name: "mcpscope dev", Records: make(chan []mcp.Record)})
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for shown := 1; shown <= 15; shown++ {
		got := row(ansi.Strip(m.View()), "clients:")
		if want := fmt.Sprintf("%d mcpscope dev · streamable", shown); !strings.Contains(got, want) || !strings.HasSuffix(strings.TrimRight(got, " "), "· ? help") {
			t.Fatalf("80x24, 15 clients, showing client %d: the clients bar = %q, want %q in it and ending with ? help", shown, got, want)
		}
		press(m, "]")
	}
}
