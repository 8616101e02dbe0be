package history

import (
	"bytes"
	"encoding/json"

	"github.com/mcpscope/mcpscope/mcp"
)

// taskIDs follows tasks (protocol 2025-11-25) through a re-run: a recorded
// tools/call answered with a CreateTaskResult named a task id that the live
// server knows nothing of, and the recorded tasks/result, tasks/get or
// tasks/cancel that follow ask by it. Each recorded id maps to the one the
// live server gave for the same request, and later params are asked by that.
type taskIDs map[string]string

// TaskIDOf is the task id of an answer (a whole JSON-RPC message) holding
// a CreateTaskResult, "" when it holds none.
func TaskIDOf(raw []byte) string {
	if !bytes.Contains(raw, []byte(`"taskId"`)) && !bytes.Contains(raw, []byte(`\u`)) {
		return "" // the cheap test first (mcp.CreatedTask's): most answers are not tasks
	}
	var m struct {
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	id, _ := mcp.CreatedTask(m.Result)
	return id
}

// learn maps the task id the recorded answer named to the live one's.
func (t taskIDs) learn(recorded *mcp.Record, live *mcp.Response) {
	if recorded == nil || recorded.RPC == nil || live == nil {
		return
	}
	// Read in place: an answer may be hundreds of megabytes, and most
	// name no task.
	old, now := TaskIDOf(bytesOf(string(recorded.RPC.Raw))), TaskIDOf(bytesOf(string(live.Raw)))
	if old != "" && now != "" {
		t[old] = now
	}
}

// rewrite asks params by the live task id where they name a recorded one;
// anything else goes unchanged, byte for byte.
func (t taskIDs) rewrite(params json.RawMessage) json.RawMessage {
	if len(t) == 0 || !bytes.Contains(params, []byte(`"taskId"`)) {
		return params
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(params, &m) != nil {
		return params
	}
	var old string
	if json.Unmarshal(m["taskId"], &old) != nil {
		return params
	}
	now, ok := t[old]
	if !ok {
		return params
	}
	m["taskId"], _ = json.Marshal(now)
	out, err := json.Marshal(m)
	if err != nil {
		return params
	}
	return out
}

// cancelledTasks are the tasks, by recorded id, whose tasks/result the
// re-run gave up on as the recording did, or whose wait ran out of
// --timeout. The live session cancelled each with tasks/cancel as it gave
// up (mcp.Session.TaskResult), as the recorded one had: the recorded
// tasks/cancel that followed is that one, and sent again it was refused
// ("Cannot cancel" a task already cancelled) and reported as a difference
// the server never made.
type cancelledTasks map[string]bool

// add notes the task a tasks/result's recorded params name.
func (c cancelledTasks) add(params json.RawMessage) {
	if id := taskParam(params); id != "" {
		c[id] = true
	}
}

// took reports whether the tasks/cancel of recorded params names a task
// the re-run cancelled already, and forgets it: a second tasks/cancel the
// user typed is sent.
func (c cancelledTasks) took(params json.RawMessage) bool {
	id := taskParam(params)
	if !c[id] {
		return false
	}
	delete(c, id)
	return true
}

// taskParam is params.taskId, "" when there is none.
func taskParam(params json.RawMessage) string {
	var p struct {
		TaskID string `json:"taskId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return ""
	}
	return p.TaskID
}
