package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// maxTaskLine bounds a line of exec's tasks/list: the task's id (cut past
// maxTaskID, saying its size) padded to its column, the status's column,
// what is said of the task, and the sanitizer writing a byte as up to
// three. The count's line is bounded by maxTypedCursor.
const maxTaskLine = maxNameColumn + 3*(maxTaskID+64) + 2 + 3*(maxKindColumn+64) + 2 + 3*(maxTaskAbout+64) + maxTypedCursor

// FuzzTasksListRows: whatever a server answers tasks/list with, exec's
// listing of it never panics, every line of it is safe to print, no line
// runs longer than maxTaskLine, and no ttl or pollInterval is said as a
// negative time (a negative one is said to be invalid).
func FuzzTasksListRows(f *testing.F) {
	f.Add([]byte(`{"tasks":[{"taskId":"task-1-ab","status":"completed","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:01Z","ttl":60000,"pollInterval":500}]}`), uint8(0))
	f.Add([]byte(`{"tasks":[],"nextCursor":"c\u001b[2J"}`), uint8(80))
	f.Add([]byte(`{"tasks":[{"taskId":"a\u001b]0;x\u0007","status":"wor\nking","statusMessage":"line\r\nmore\u009b31m","ttl":null}]}`), uint8(40))
	f.Add([]byte("{\"tasks\":[{\"taskId\":\"\xff\xfe\",\"status\":\"\xc3\",\"statusMessage\":\"\xe2\x80\xae\"}]}"), uint8(20))
	f.Add([]byte(`{"tasks":[{"taskId":"t","status":"failed","ttl":9223372036854775807,"pollInterval":-1}]}`), uint8(0))
	f.Add([]byte(`{"tasks":[{"taskId":"t","status":"`+strings.Repeat("x", 5000)+`","statusMessage":"`+strings.Repeat("y ", 3000)+`"}]}`), uint8(60))
	f.Fuzz(func(t *testing.T, result []byte, w uint8) {
		var out bytes.Buffer
		p := &printer{w: &out, width: int(w)}
		p.tasks(json.RawMessage(result))
		sanitizetest.Check(t, "tasks/list", out.String(), true)
		page, err := command.ParseTasks(result)
		if err != nil {
			return // not a page of tasks: its JSON is printed, as any answer's
		}
		ts := page.Items
		saysNegative := false
		for _, task := range ts {
			text := task.TaskID + task.Status + task.StatusMessage + task.CreatedAt + task.LastUpdatedAt
			saysNegative = saysNegative || strings.Contains(text, "kept -") || strings.Contains(text, "every -")
		}
		if !saysNegative && (strings.Contains(out.String(), "kept -") || strings.Contains(out.String(), "every -")) {
			t.Fatalf("no ttl or pollInterval is negative, but one is said as a negative time:\n%s", out.String())
		}
		for i, l := range strings.Split(out.String(), "\n") {
			if len(l) > maxTaskLine {
				t.Fatalf("tasks/list line %d is %d bytes, past %d:\n%.300q", i, len(l), maxTaskLine, l)
			}
		}
	})
}
