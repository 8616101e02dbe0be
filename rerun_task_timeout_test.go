package main

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A recorded tasks/result that gets no answer in time from the live server
// in a re-run: the live task is cancelled with tasks/cancel, as a live
// call's is, rather than left running at the server with nobody waiting.
// Before, the re-run only gave up waiting.
func TestRerunCancelsALiveTaskThatTimesOut(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	if out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/call research topic=go"); code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	file := onlyRecording(t, dir)

	// The live server's task never ends: its tasks/result waits until
	// tasks/cancel names the task, or the client gives up.
	var mu sync.Mutex
	var created, cancelled []string
	tasks := mcptest.Tasks(nil)
	stuck := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tasks/result":
			var p struct {
				TaskID string `json:"taskId"`
			}
			_ = json.Unmarshal(x.Params, &p)
			mu.Lock()
			created = append(created, p.TaskID)
			mu.Unlock()
			<-x.Context().Done()
			return
		case "tasks/cancel":
			mu.Lock()
			cancelled = append(cancelled, string(x.Params))
			mu.Unlock()
		}
		tasks(x)
	}})
	out, errOut, code := run(t, "replay", file, "--against", stuck.Endpoint(), "--timeout", "400ms")
	if code != exitFailed || !strings.Contains(out, "tasks/result") {
		t.Errorf("re-run against a task that never ends: exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(created) != 1 || created[0] == "" {
		t.Fatalf("tasks/result asked for %q, want one live task", created)
	}
	if len(cancelled) != 1 || !strings.Contains(cancelled[0], `"taskId":"`+created[0]+`"`) {
		t.Errorf("tasks/cancel params %q, want one naming the live task %q", cancelled, created[0])
	}
}
