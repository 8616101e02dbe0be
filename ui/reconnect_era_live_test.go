package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// eraSwitch is a server on one base URL that serves either the stateless
// 2026 era at /mcp or only legacy HTTP+SSE at /sse (the demo gateway
// behind both), as a gateway restarted with another transport does.
func eraSwitch(t *testing.T, legacy bool) (*httptest.Server, *atomic.Bool) {
	legacyOnly := &atomic.Bool{}
	legacyOnly.Store(legacy)
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		switch {
		case r.URL.Path == "/mcp" && !legacyOnly.Load():
			r.URL.Path = demo.StatelessPath
		case strings.HasPrefix(r.URL.Path, "/sse") && legacyOnly.Load():
		default:
			http.NotFound(w, r)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	return srv, legacyOnly
}

// r on a server that now serves legacy HTTP+SSE where it served the
// stateless 2026 era finds the legacy stream, and what the screen says is
// that session's: no 2026-07-28 in the status bar or the Negotiation pane
// on a stream not initialized, and Tab offers ping, which 2026 has not.
func TestLiveReconnectFromStatelessToLegacy(t *testing.T) {
	srv, legacyOnly := eraSwitch(t, false)
	l := startLive(t, mcp.Config{URL: srv.URL})
	l.waitFor("● discovered")
	legacyOnly.Store(true)
	l.mark()
	l.tm.Type("r")
	l.waitFor("● open")
	l.tm.Type(":")
	l.typeTab("pi")
	l.waitFor("ping ")
	m := l.quit()
	if st := m.com.log.Stats(); st.Transport != mcp.TransportSSE || st.Protocol != "" {
		t.Errorf("after r: transport %q protocol %q, want sse and no protocol before initialize", st.Transport, st.Protocol)
	}
	v := ansi.Strip(m.View())
	if bar := lastLine(v); strings.Contains(bar, "2026") || !strings.Contains(bar, "sse") {
		t.Errorf("status bar = %q, want sse without the earlier session's 2026-07-28", bar)
	}
	if srvRow := row(v, "Server "); !strings.Contains(srvRow, "not initialized yet") {
		t.Errorf("Negotiation's Server row = %q, want not initialized yet:\n%s", srvRow, v)
	}
	if got := m.cmdline.input.Value(); got != "ping " {
		t.Errorf("Tab after pi on a legacy session gave %q, want \"ping \"", got)
	}
}

// The other way round: a legacy session initialized, then r on a server
// that now serves only the stateless era: r finds it, and the status bar
// names 2026-07-28, not the legacy session's version.
func TestLiveReconnectFromLegacyToStateless(t *testing.T) {
	srv, legacyOnly := eraSwitch(t, true)
	l := startLive(t, mcp.Config{URL: srv.URL})
	l.initialize()
	legacyOnly.Store(false)
	l.mark()
	l.tm.Type("r")
	l.waitFor("● discovered")
	m := l.quit()
	st := m.com.log.Stats()
	if st.Transport != mcp.TransportStateless || st.Protocol != mcp.ProtocolModern {
		t.Errorf("after r: transport %q protocol %q, want stateless %s", st.Transport, st.Protocol, mcp.ProtocolModern)
	}
	if bar := lastLine(ansi.Strip(m.View())); !strings.Contains(bar, "stateless "+mcp.ProtocolModern) {
		t.Errorf("status bar = %q, want stateless %s", bar, mcp.ProtocolModern)
	}
}
