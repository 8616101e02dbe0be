package main

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On a terminal, a tool that runs as a task (server-everything's
// simulate-research-query) has its notifications/tasks/status drawn on the
// progress line while tasks/result waits, sanitized, and cleared before
// the result: the line stayed blank however long the task ran.
func TestExecDrawsTaskStatusOnATerminal(t *testing.T) {
	held := make(chan struct{})
	release := sync.OnceFunc(func() { close(held) })
	t.Cleanup(release)
	tasks := mcptest.Tasks(nil)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tasks/result" {
			var p struct {
				TaskID string `json:"taskId"`
			}
			_ = json.Unmarshal(x.Params, &p)
			_ = x.Notify("notifications/tasks/status", map[string]any{"taskId": p.TaskID, "status": "working",
				"statusMessage": "Gathering\n\x1b[31msources\x1b[0m..."})
			select {
			case <-held:
			case <-x.Context().Done():
			}
		}
		tasks(x)
	}})
	e := startTTYExec(t, srv.Endpoint(), "tools/call research topic=cats")
	const line = "\r\x1b[Ktools/call research  task working: Gathering sources..."
	e.waitStderr(10*time.Second, func(s string) bool { return strings.Contains(s, line) })
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s\n%q", err, e.out.String(), e.errb.String())
	}
	got := e.errb.String()
	if !strings.HasSuffix(got, line+"\r\x1b[K") || !strings.Contains(e.out.String(), "report on cats") {
		t.Errorf("the task's status was not drawn, or not cleared before the result:\n%q\n%s", got, e.out.String())
	}
}

// A task's status that comes before the tools/call's answer names the
// task (the reference server sends its first so, and a slow one may hold
// its answer) is the call's, the one in flight that asked for a task: it
// went undrawn, the line blank until tasks/result waited.
func TestExecDrawsTaskStatusBeforeTheCallsAnswer(t *testing.T) {
	held := make(chan struct{})
	release := sync.OnceFunc(func() { close(held) })
	t.Cleanup(release)
	tasks := mcptest.Tasks(nil)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/call" {
			_ = x.Notify("notifications/tasks/status", map[string]any{"taskId": "early", "status": "working", "statusMessage": "queued"})
			select {
			case <-held:
			case <-x.Context().Done():
			}
		}
		tasks(x)
	}})
	e := startTTYExec(t, srv.Endpoint(), "tools/call research topic=cats")
	drawn := e.waitStderr(10*time.Second, func(s string) bool {
		return strings.Contains(s, "\r\x1b[Ktools/call research  task working: queued")
	})
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s\n%q", err, e.out.String(), e.errb.String())
	}
	if !drawn || !strings.Contains(e.out.String(), "report on cats") {
		t.Errorf("the status that came before the call's answer was not drawn, or the result not printed:\n%q\n%s", e.errb.String(), e.out.String())
	}
}
