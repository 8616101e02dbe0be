package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The status bar names the server from the start, before any record names
// a URL (all through a probe the server leaves unanswered): without the
// password of the URL typed.
func TestTUIStatusBarHidesTheURLPassword(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	hold := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // a server that never answers
		case <-hold:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(hold)

	m, sess := liveTUIModel(t, strings.Replace(srv.URL, "http://", "http://ann:SECRET-pw-0b7e@", 1)+"/mcp", nil, nil)
	defer sess.Close()
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 30})
	screen := ansi.Strip(m.View())
	if strings.Contains(screen, "SECRET-pw-0b7e") {
		t.Errorf("the screen shows the URL's password:\n%s", screen)
	}
	if !strings.Contains(screen, srv.URL+"/mcp") {
		t.Errorf("the status bar does not name the server %s/mcp:\n%s", srv.URL, screen)
	}
}
