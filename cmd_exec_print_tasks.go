package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Tasks (2025-11-25) as exec prints them: a row each, as tasks/list lists
// them, for tasks/list, tasks/get, tasks/cancel and a tool call the server
// answered with a task.

// maxTaskID is the most of a task's id a row or a line shows: ids are
// tokens of tens of bytes, and a server's id of a megabyte printed a row
// of a megabyte. A cut id says its size (clip.Quote), and a line after it
// says where the whole id is (cutTaskIDs), since tasks/get needs it whole.
const maxTaskID = 128

// maxTaskAbout bounds what a listed task's row says of it: a status
// message is a line, and the clocks are a few dozen characters.
const maxTaskAbout = 1024

// taskIDShown is a task's id as a line says it: whole when it fits in
// maxTaskID bytes, else its start and its size.
func taskIDShown(id string) string { return clip.Quote(id, maxTaskID) }

// tasks lists a tasks/list answer: each task's id, its status, and its
// message and clocks.
func (p *printer) tasks(result json.RawMessage) {
	cut := 0
	for _, t := range listPage(p, result, command.ParseTasks, "task", "tasks/list", taskRow) {
		if len(t.TaskID) > maxTaskID {
			cut++
		}
	}
	p.cutTaskIDs(cut)
}

// taskMembers are the members of a task (2025-11-25's Task) and of any
// result (_meta, and 2026's resultType, ttlMs and cacheScope, which
// resultInfo says): a tasks/get answer holding others is more than its row.
var taskMembers = []string{"taskId", "status", "statusMessage", "createdAt", "lastUpdatedAt", "ttl", "pollInterval",
	"_meta", "resultType", "ttlMs", "cacheScope"}

// task shows a tasks/get or tasks/cancel answer, a task, as its row in
// tasks/list, and what else the answer holds as its JSON; an answer with no
// taskId string (another era's or a server's own shape) is shown as its
// JSON.
func (p *printer) task(result json.RawMessage) {
	var t command.Task
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Object || doc.Root().Get("taskId").Kind() != jsonspan.String ||
		json.Unmarshal(result, &t) != nil {
		fmt.Fprintln(p.w, prettyJSON(result))
		return
	}
	row := taskRow(t)
	p.columns([]entry{row})
	if msg := strings.TrimSpace(t.StatusMessage); msg != "" && !strings.HasPrefix(row.desc, msg) {
		// The one task asked about: its message whole, as the JSON
		// printed before the row showed it, where the row says a
		// failed task's traceback as its first line and "(+12 more
		// lines)".
		fmt.Fprintf(p.w, "its statusMessage:\n%s\n", sanitize.Text(msg))
	}
	var more []string
	for k := range doc.Root().Members() {
		if !slices.Contains(taskMembers, k) && !slices.Contains(more, k) {
			more = append(more, k)
		}
	}
	if len(more) > 0 {
		// Shown, not only named: a 2026 task's tasks/get holds the
		// tool's result or the inputRequests tasks/update answers, the
		// very thing it was sent for, which the JSON printed before.
		fmt.Fprintf(p.w, "the answer also holds %s:\n", clip.ListFunc(more, mcp.MaxListed, func(k string) string { return clip.Quote(strconv.Quote(k), 64) }))
		fmt.Fprintln(p.w, prettyJSON(jsonspan.DropMembers(result, func(k string) bool { return slices.Contains(taskMembers, k) })))
	}
	if len(t.TaskID) > maxTaskID {
		p.cutTaskIDs(1)
	}
}

// createdTask shows a tool's answer that is a task (a CreateTaskResult),
// which exec did not follow, the tool not being listed as one that runs
// as a task: the task's row, and how to get its result.
func (p *printer) createdTask(result json.RawMessage) {
	// The task alone is decoded, by its exact key, as mcp.CreatedTask
	// found it: the whole answer, its _meta nested past encoding/json's
	// 10,000 levels, did not decode, and the row named no task.
	var t command.Task
	if doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1}); err == nil {
		_ = json.Unmarshal(doc.Root().Get("task").Raw(), &t) // mcp.CreatedTask found a task in it
	}
	p.columns([]entry{taskRow(t)})
	id := "ID"
	if t.TaskID != "" && len(t.TaskID) <= maxTaskID {
		id = command.ShellValue(t.TaskID)
	}
	how := "tasks/get taskId=" + id + " says where it stands"
	if !p.modern() {
		how = "tasks/result taskId=" + id + " waits for its result, tasks/get taskId=" + id + " says where it stands"
	}
	fmt.Fprintf(p.w, "the server answered with a task, not the tool's result: %s\n", sanitize.Line(how))
	if len(t.TaskID) > maxTaskID {
		p.cutTaskIDs(1)
	}
}

// cutTaskIDs says, after n task ids were shown cut, where each is whole:
// tasks/get, tasks/result and tasks/cancel take an id only whole.
func (p *printer) cutTaskIDs(n int) {
	if n == 0 {
		return
	}
	what := "a task id is"
	if n > 1 {
		what = strconv.Itoa(n) + " task ids are"
	}
	fmt.Fprintf(p.w, "%s longer than %d bytes and shown cut; tasks/get taskId=ID takes it whole: %s\n", what, maxTaskID, p.wholeIn())
}

// wholeIn says where all of what exec cut or left out is: the recording
// (with the command that prints it), and exec --json.
func (p *printer) wholeIn() string {
	const json = "exec --json shows it"
	if p.notes == nil || p.notes.recording == "" {
		return json
	}
	return sanitize.Line("all of it is in the recording (mcpscope export --format json " + command.ShellPath(p.notes.recording) + "), and " + json)
}

// taskRow is a task as a row of tasks/list says it: its id (cut past
// maxTaskID), its status, and its message and clocks; a ttl or
// pollInterval that is no whole, non-negative number is said to be
// invalid, as the server wrote it.
func taskRow(t command.Task) entry {
	var about []string
	if m := firstLine(t.StatusMessage); m != "" {
		about = append(about, m)
	}
	if t.CreatedAt != "" {
		about = append(about, "created "+t.CreatedAt)
	}
	if t.LastUpdatedAt != "" && t.LastUpdatedAt != t.CreatedAt {
		about = append(about, "updated "+t.LastUpdatedAt)
	}
	switch ttl, given, invalid := command.TaskMillis("ttl", t.TTL); {
	case invalid != "":
		about = append(about, invalid)
	case !given:
		about = append(about, "kept until cancelled")
	default:
		about = append(about, "kept "+millisText(ttl)+" from its creation")
	}
	switch poll, given, invalid := command.TaskMillis("pollInterval", t.PollInterval); {
	case invalid != "":
		about = append(about, invalid)
	case given:
		about = append(about, "poll every "+millisText(poll))
	}
	return entry{name: taskIDShown(t.TaskID), kind: clip.Quote(t.Status, maxKindColumn), desc: clip.Quote(strings.Join(about, " · "), maxTaskAbout)}
}

// millisText says a task's milliseconds (its ttl, its pollInterval; never
// negative, which command.TaskMillis says is invalid) as a duration, "60s";
// past what a time.Duration holds (292 years) as the milliseconds given,
// "10000000000000ms", where converting wrapped round to a negative time
// ("kept -2346317h47m53.7s").
func millisText(ms int64) string {
	if ms > math.MaxInt64/int64(time.Millisecond) {
		return strconv.FormatInt(ms, 10) + "ms"
	}
	return mcp.DurationText(time.Duration(ms) * time.Millisecond)
}
