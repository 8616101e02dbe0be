package command

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// EraNote names the version the session goes on with. A server that
// answered initialize with 2026-07-28 (or a version of no era) was said
// to "speak 2026-07-28" in the note that says the method is not of its
// era, and a version a megabyte long made the note as long.
func TestEraNoteNamesTheVersionTheSessionGoesOnWith(t *testing.T) {
	long := strings.Repeat("9", 1<<20)
	for _, tt := range []struct {
		transport, protocol string
		want, notWant       string
	}{
		{mcp.TransportStreamable, "2025-06-18", "this session speaks 2025-06-18:", ""},
		{mcp.TransportSSE, "", "this session speaks an older era's protocol (initialize)", ""},
		{mcp.TransportStreamable, mcp.ProtocolModern, "this session speaks " + mcp.ProtocolVersion + "'s messages (its server named " + mcp.ProtocolModern + ")", "speaks " + mcp.ProtocolModern},
		{mcp.TransportSSE, long, "this session speaks " + mcp.ProtocolVersion + "'s messages (its server named 999", ""},
	} {
		got := EraNote("server/discover", tt.transport, tt.protocol)
		if !strings.Contains(got, tt.want) || tt.notWant != "" && strings.Contains(got, tt.notWant) || len(got) > 400 {
			t.Errorf("EraNote(server/discover, %s, %.20q) = %.300q (%d bytes), want it to say %q", tt.transport, tt.protocol, got, len(got), tt.want)
		}
	}
	for _, tt := range []struct{ method, transport string }{
		{"tools/list", mcp.TransportStreamable},
		{"server/discover", mcp.TransportStateless},
		{"server/discover", ""},
	} {
		if got := EraNote(tt.method, tt.transport, mcp.ProtocolVersion); got != "" {
			t.Errorf("EraNote(%s, %q) = %q, want none", tt.method, tt.transport, got)
		}
	}
}

// The other way round: a method of the eras that open with initialize
// (ping, tasks/list, notifications/initialized ...) typed in a 2026-07-28
// session is sent still, and said to be of another era, where nothing
// was said: a notification the server took with 202 and ignored, a ping
// refused as an unknown method, read as the server's fault. initialize is
// none of them: 2026 sends server/discover for it.
func TestEraNoteOfAnOlderMethodInA2026Session(t *testing.T) {
	for _, m := range []string{"ping", "tasks/list", "tasks/result", "notifications/initialized", "notifications/roots/list_changed"} {
		got := EraNote(m, mcp.TransportStateless, mcp.ProtocolModern)
		if !strings.Contains(got, m+" belongs to the eras before "+mcp.ProtocolModern) || !strings.Contains(got, "this session speaks "+mcp.ProtocolModern) {
			t.Errorf("EraNote(%s, stateless) = %q, want it to say the method is of the eras before %s", m, got, mcp.ProtocolModern)
		}
	}
	for _, m := range []string{"initialize", "tools/list", "logging/setLevel", "resources/subscribe", "server/discover", "tasks/update"} {
		if got := EraNote(m, mcp.TransportStateless, mcp.ProtocolModern); got != "" {
			t.Errorf("EraNote(%s, stateless) = %q, want none", m, got)
		}
	}
	if got := EraNote("ping", mcp.TransportStreamable, mcp.ProtocolVersion); got != "" {
		t.Errorf("EraNote(ping, streamable) = %q, want none", got)
	}
}

// What the command line offers a session and the "(not declared)" mark
// read one table (mcp's client methods): a method not offered in an era
// needs no capability there, so a server of that era is never said to
// lack one for it, and the era's own methods are offered. Two tables that
// had to agree said this before.
func TestMethodsForAgreeWithTheCapabilitiesOfTheirEra(t *testing.T) {
	for _, tt := range []struct {
		transport   string
		has, hasNot []string
	}{
		{mcp.TransportStateless, []string{"server/discover", mcp.ListenMethod, "tasks/get", "tasks/update", "tasks/cancel", "logging/setLevel", "roots"},
			[]string{"initialize", "ping", "tasks/list", "tasks/result", "notifications/initialized", "notifications/roots/list_changed"}},
		{mcp.TransportStreamable, []string{"initialize", "ping", "tasks/list", "tasks/get", "tasks/result", "tasks/cancel", "roots"},
			[]string{"server/discover", mcp.ListenMethod, "tasks/update"}},
	} {
		offered := MethodsFor(tt.transport)
		for _, m := range tt.has {
			if !slices.Contains(offered, m) {
				t.Errorf("MethodsFor(%s) = %q, want %s in it", tt.transport, offered, m)
			}
		}
		for _, m := range tt.hasNot {
			if slices.Contains(offered, m) {
				t.Errorf("MethodsFor(%s) = %q, want no %s", tt.transport, offered, m)
			}
		}
		all := MethodsFor("")
		for _, m := range all {
			if !slices.Contains(offered, m) {
				if c := mcp.Undeclared(m, tt.transport, json.RawMessage(`{}`)); c != "" {
					t.Errorf("%s is not offered over %s, yet needs %q there", m, tt.transport, c)
				}
			}
		}
		if last := all[len(all)-1]; last != "roots" || !IsMethodWord("roots") || IsMethodWord("tools/lst") {
			t.Errorf("MethodsFor() ends with %q, want roots, a method word as every era's methods are", last)
		}
	}
}
