package ui

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/themes"
)

// holes are the cells of each row of view drawn with no background colour:
// under a theme that paints one, they show the terminal's own, dark on a
// light theme's white.
func holes(view string) map[int]int {
	out := map[int]int{}
	bg := false
	for y, line := range strings.Split(view, "\n") {
		for i := 0; i < len(line); {
			if strings.HasPrefix(line[i:], "\x1b[") {
				end := strings.IndexByte(line[i:], 'm')
				if end < 0 {
					break
				}
				ps := strings.Split(line[i+2:i+end], ";")
				for j := 0; j < len(ps); j++ {
					n, _ := strconv.Atoi(ps[j])
					switch {
					case ps[j] == "" || n == 0 || n == 49:
						bg = false
					case n == 38 || n == 48:
						if n == 48 {
							bg = true
						}
						if j+1 < len(ps) && ps[j+1] == "5" {
							j += 2
						} else if j+1 < len(ps) && ps[j+1] == "2" {
							j += 4
						}
					case n >= 40 && n <= 47 || n >= 100 && n <= 107:
						bg = true
					}
				}
				i += end + 1
				continue
			}
			if !bg {
				out[y]++
			}
			_, size := utf8.DecodeRuneInString(line[i:])
			i += size
		}
	}
	return out
}

// themed is a model drawn in the light theme with 256 colours.
func themed(t *testing.T, opts Options) *Model {
	t.Helper()
	lipgloss.SetColorProfile(termenv.ANSI256)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	light, err := themes.Load("light")
	if err != nil {
		t.Fatal(err)
	}
	opts.Styles = themes.NewStyles(light.Palette)
	opts.Now = func() time.Time { return fixedNow }
	return New(opts)
}

// The light theme paints its white behind every cell of the help and of
// the proxy's clients bar: the gaps between a key and its words, a short
// column's padding, the margins around the centred box and the space
// between two clients were left unstyled, dark holes on a dark terminal.
func TestLightThemeHasNoHoles(t *testing.T) {
	m := themed(t, Options{URL: fixtureBase, Transport: "sse", Backend: newFakeBackend()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(recordsMsg(fixtureRecords()))
	if h := holes(m.View()); len(h) > 0 {
		t.Fatalf("the screen has cells with no background before the help (row: cells) %v", h)
	}
	press(m, "?")
	if h := holes(m.View()); len(h) > 0 {
		t.Errorf("the help has cells with no background (row: cells) %v", h)
	}

	p := themed(t, Options{Clients: make(chan Client), NoSend: watchOnly})
	p.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	p.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	p.Update(clientMsg{ID: 2, Name: "beta", Transport: "streamable", Records: make(chan []mcp.Record)})
	if h := holes(p.View()); len(h) > 0 {
		t.Errorf("the proxy's screen has cells with no background (row: cells) %v", h)
	}
}

// An empty input shows its placeholder padded to the width with blanks
// bubbles leaves unstyled: the command line, the filter and the Detail
// search had holes there under the light theme.
func TestLightThemeInputsHaveNoHoles(t *testing.T) {
	m := themed(t, Options{URL: fixtureBase, Transport: "sse", Backend: newFakeBackend()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(recordsMsg(fixtureRecords()))
	for _, step := range []struct {
		name string
		keys []string
		open func() bool
	}{
		{"the command line", []string{":"}, m.cmdline.Focused},
		{"the Raw events filter", []string{"esc", "/"}, m.events.typing},
		{"the Detail search", []string{"esc", "esc", "tab", "home", "enter", "/"}, m.detail.searching},
	} {
		press(m, step.keys...)
		if !step.open() {
			t.Fatalf("%s did not open:\n%s", step.name, m.View())
		}
		if h := holes(m.View()); len(h) > 0 {
			t.Errorf("%s, empty: cells with no background (row: cells) %v", step.name, h)
		}
	}
}
