package mcptest

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// TaskTool is a tool that can only be called as a task (protocol
// 2025-11-25), as the reference server's simulate-research-query:
// execution.taskSupport "required".
func TaskTool() Tool {
	return Tool{Name: "research", Description: "A report, made as a task.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"topic":{"type":"string"}},"required":["topic"]}`)}
}

// Tasks wraps next (nil: (*Exchange).Default) with TaskTool as the
// reference server serves it: tools/list lists it after the other tools
// with execution.taskSupport "required"; a tools/call of it without
// params.task fails with -32601 "requires task augmentation"; with one, it
// answers a CreateTaskResult whose id (unique to this fake) and clocks are new each time (after a
// notifications/tasks/status), and tasks/result answers the report, tied
// to the task by its _meta (an id it never gave: -32602 "Task not found").
// The task of topic "forever" never ends: its tasks/result waits until
// tasks/cancel names it (or the client gives up on the request).
// tasks/get answers a task made here as it stands (working until its
// tasks/result answered or tasks/cancel ended it), and tasks/list lists
// them all, in the order they were made, on one page. A task that has
// ended is refused tasks/cancel (-32602 "Cannot cancel task: already in
// terminal status 'completed'"), and a cancelled one's tasks/result is an
// error, as the forever task's is.
func Tasks(next func(x *Exchange)) func(x *Exchange) {
	if next == nil {
		next = (*Exchange).Default
	}
	var n atomic.Int64
	var topics sync.Map  // task id -> topic
	var cancels sync.Map // task id -> chan struct{}, closed by tasks/cancel
	var mu sync.Mutex
	var made []map[string]any // the tasks, as tasks/get and tasks/list give them
	task := func(id string) map[string]any {
		for _, t := range made {
			if t["taskId"] == id {
				return t
			}
		}
		return nil
	}
	// settle ends the working task id as status and returns the status it
	// had ("" for no task made here): a task that has ended stays as it
	// ended, as tasks/get and tasks/list then say.
	settle := func(id, status string) string {
		mu.Lock()
		defer mu.Unlock()
		t := task(id)
		if t == nil {
			return ""
		}
		was, _ := t["status"].(string)
		if was == "working" {
			t["status"], t["lastUpdatedAt"] = status, time.Now().UTC().Format(time.RFC3339Nano)
		}
		return was
	}
	return func(x *Exchange) {
		switch x.Method {
		case "tools/list":
			tools, _ := json.Marshal(append(slices.Clone(x.tools()), TaskTool()))
			var list []map[string]any
			_ = json.Unmarshal(tools, &list)
			list[len(list)-1]["execution"] = map[string]any{"taskSupport": "required"}
			x.Result(map[string]any{"tools": list})
			return
		case "tools/call":
			var p struct {
				Name      string          `json:"name"`
				Task      json.RawMessage `json:"task"`
				Arguments struct {
					Topic string `json:"topic"`
				} `json:"arguments"`
			}
			_ = json.Unmarshal(x.Params, &p)
			if p.Name != TaskTool().Name {
				break
			}
			if p.Task == nil {
				x.Error(-32601, "Tool research requires task augmentation (taskSupport: 'required')")
				return
			}
			id := fmt.Sprintf("task-%d-%s", n.Add(1), rand.Text()[:8])
			topics.Store(id, p.Arguments.Topic)
			cancels.Store(id, make(chan struct{}))
			now := time.Now().UTC().Format(time.RFC3339Nano)
			mu.Lock()
			made = append(made, map[string]any{"taskId": id, "status": "working", "createdAt": now, "lastUpdatedAt": now, "ttl": 60000})
			mu.Unlock()
			_ = x.Notify("notifications/tasks/status", map[string]any{"taskId": id, "status": "working", "createdAt": now, "lastUpdatedAt": now})
			x.Result(map[string]any{"task": map[string]any{"taskId": id, "status": "working", "createdAt": now, "lastUpdatedAt": now, "ttl": 60000}})
			return
		case "tasks/result":
			id := taskID(x)
			topic, ok := topics.Load(id)
			if !ok {
				x.Error(-32602, "Task not found: "+id)
				return
			}
			if topic == "forever" {
				// Unless tasks/cancel came first and took it, wait for it.
				if done, ok := cancels.Load(id); ok {
					select {
					case <-done.(chan struct{}):
					case <-x.Context().Done():
						return
					}
				}
				x.Error(-32603, "Task "+id+" was cancelled")
				return
			}
			if settle(id, "completed") == "cancelled" {
				x.Error(-32603, "Task "+id+" was cancelled")
				return
			}
			x.Result(map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf("report on %v", topic)}},
				"_meta": map[string]any{"io.modelcontextprotocol/related-task": map[string]any{"taskId": id}}})
			return
		case "tasks/cancel":
			id := taskID(x)
			// 2025-11-25: a task in a terminal status is refused
			// cancelling, with -32602.
			if was := settle(id, "cancelled"); was != "" && was != "working" {
				x.Error(-32602, "Cannot cancel task: already in terminal status '"+was+"'")
				return
			}
			done, ok := cancels.LoadAndDelete(id)
			if !ok {
				x.Error(-32602, "Task not found: "+id)
				return
			}
			close(done.(chan struct{}))
			x.Result(map[string]any{"taskId": id, "status": "cancelled"})
			return
		case "tasks/get":
			mu.Lock()
			defer mu.Unlock()
			if t := task(taskID(x)); t != nil {
				x.Result(t)
				return
			}
			x.Error(-32602, "Task not found: "+taskID(x))
			return
		case "tasks/list":
			mu.Lock()
			defer mu.Unlock()
			x.Result(map[string]any{"tasks": slices.Clone(made)})
			return
		}
		next(x)
	}
}

// taskID is the params.taskId of tasks/result and tasks/cancel ("" when
// absent, an id no task has).
func taskID(x *Exchange) string {
	var p struct {
		TaskID string `json:"taskId"`
	}
	_ = json.Unmarshal(x.Params, &p)
	return p.TaskID
}
