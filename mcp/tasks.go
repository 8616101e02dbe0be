package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Tasks (protocol 2025-11-25) let a tool run past its request:
//  1. tools/list marks such a tool with execution.taskSupport:
//     "forbidden" (the default), "optional" or "required";
//  2. tools/call with params.task ({} or {"ttl": ms}) answers at once with
//     a CreateTaskResult, {"task":{"taskId":...,"status":"working",...}};
//  3. tasks/result {"taskId"} is answered when the task ends, with what
//     the tools/call would have answered (a server request the task needs,
//     an elicitation say, comes meanwhile on that request's stream);
//     tasks/get and tasks/list are ordinary requests; tasks/cancel ends a
//     task (notifications/cancelled for tasks/result ends only the wait).
//
// A tool that requires a task refuses a plain call (the reference server
// answers -32601 "requires task augmentation"), so mcpscope calls it as a
// task and follows it to its result; other tools are called plainly.

// TaskRequired is the execution.taskSupport of a tool that can only be
// called as a task.
const TaskRequired = "required"

// taskSupportOf reads a tool's execution.taskSupport ("" when absent),
// whatever else the execution object holds however deep.
func taskSupportOf(execution []byte) string {
	var support string
	e, ok := objectOf(execution, 1)
	if !ok || e.DecodeField("taskSupport", &support) != nil {
		return ""
	}
	return support
}

// withTask adds "task":{} to a tools/call params object built by CallTool.
func withTask(params json.RawMessage) json.RawMessage {
	trimmed := bytes.TrimRight(params, " \t\r\n")
	out := make(json.RawMessage, 0, len(trimmed)+10)
	out = append(out, trimmed[:len(trimmed)-1]...)
	return append(out, `,"task":{}}`...)
}

// AsksTask reports whether a request (a whole JSON-RPC message) asks to
// run as a task: its params hold a "task" object, as a task-augmented
// tools/call's do.
func AsksTask(raw []byte) bool {
	if !bytes.Contains(raw, []byte(`"task"`)) && !bytes.Contains(raw, []byte(`\u`)) {
		return false // the cheap test first, as CreatedTask's
	}
	_, ok := objectAt(raw, "params", "task")
	return ok
}

// CreatedTask reads the task id of a CreateTaskResult; ok is false for any
// other result (a tool's own result has content, not a task). A task whose
// taskId is empty (or null) is still a task (ok, id ""): a server error
// that cannot be followed, not a tool's result. The members are found by
// their exact keys, "task" and "taskId", as the wire spells them (JSON keys
// are case-sensitive): a "TaskId" names no task for a server either, and
// the quick look for the key's bytes and the reading agree on it.
func CreatedTask(result json.RawMessage) (id string, ok bool) {
	if !bytes.Contains(result, []byte(`"taskId"`)) && !bytes.Contains(result, []byte(`\u`)) {
		// The cheap test first: most results are not tasks. A key can be
		// spelt with \u escapes, so a result holding one is decoded.
		return "", false
	}
	// Only the task's members are decoded: a _meta beside it nested past
	// encoding/json's 10,000 levels would make the task the tool's result.
	// Level by level: the result's own members, then the task's, so the
	// elements of a long content list beside it are never indexed.
	task, ok := objectAt(result, "task")
	if !ok {
		return "", false
	}
	switch v := task.Get("taskId"); v.Kind() {
	case jsonspan.String:
		id, _ = v.Text()
		return id, true
	case jsonspan.Null:
		return "", true
	}
	return "", false
}

// MetaRelatedTask is the _meta key by which a message names the task it
// belongs to: a server's request (an elicitation) a task needs, on the
// legacy stream where no request's stream says whose it is.
const MetaRelatedTask = "io.modelcontextprotocol/related-task"

// RelatedTask reads the task id a message's params name in
// _meta[MetaRelatedTask].taskId; ok is false when they name none.
func RelatedTask(params []byte) (id string, ok bool) {
	if !bytes.Contains(params, []byte(`related-task`)) && !bytes.Contains(params, []byte(`\u`)) {
		return "", false // the cheap test first: most messages belong to no task
	}
	task, ok := objectAt(params, "_meta", MetaRelatedTask)
	if !ok {
		return "", false
	}
	id, ok = task.Get("taskId").Text()
	return id, ok && id != ""
}

// errNoTaskID is a CreateTaskResult whose taskId is empty.
var errNoTaskID = errors.New("the server created a task with no id; it cannot be followed (its CreateTaskResult has an empty taskId)")

// taskResult waits for the end of task id with tasks/result and returns
// its answer: the called tool's result, or its error. When ctx ends first
// (the user gave up on the call), the task is cancelled with tasks/cancel,
// bounded so quitting stays quick (with notifications/cancelled and the
// DELETE, within exec's second of cleanup after ctrl+c): giving up on
// tasks/result alone ends only the wait, and the server would go on. The
// same holds when --timeout ends the wait: the task is cancelled and the
// error says that the task, not the POST, ran out of time (a server that
// is slow to finish a task is not a server stuck on a request).
func (s *Session) taskResult(ctx context.Context, id string) (*Response, error) {
	params, err := json.Marshal(map[string]string{"taskId": id})
	if err != nil {
		return nil, err
	}
	resp, err := s.awaitTask(ctx, id, params)
	if err == nil && resp != nil && resp.Error == nil {
		if other, ok := CreatedTask(resp.Result); ok {
			// Followed, it could name itself again and again; shown as the
			// tool's result, it would print as nothing.
			return resp, fmt.Errorf("tasks/result for task %q answered a task (%q) instead of the tool's result: the server does not follow the tasks protocol", clip.Quote(id, 64), clip.Quote(other, 64))
		}
	}
	return resp, err
}

// TaskResult sends tasks/result with params as given (a re-run's recorded
// ones) and, like a tool called as a task, cancels the task they name with
// tasks/cancel when the wait ends before the task does (see taskResult).
func (s *Session) TaskResult(ctx context.Context, params json.RawMessage) (*Response, error) {
	var id string
	if p, ok := objectOf(params, 1); !ok || p.DecodeField("taskId", &id) != nil || id == "" {
		return s.roundTrip(ctx, "tasks/result", "", params) // no task to cancel
	}
	return s.awaitTask(ctx, id, params)
}

// awaitTask sends tasks/result with params, asking for task id, and
// cancels the task when ctx or --timeout ends the wait first.
func (s *Session) awaitTask(ctx context.Context, id string, params json.RawMessage) (*Response, error) {
	resp, err := s.roundTrip(ctx, "tasks/result", "", params)
	var te *TimeoutError
	timedOut := errors.As(err, &te)
	// An answer, even one that came as the wait was given up on, is the
	// task's end: there is nothing left to cancel, and the caller gets it.
	if err != nil && (ctx.Err() != nil || timedOut) {
		cancelParams, _ := json.Marshal(map[string]string{"taskId": id})
		// ctx has ended: its values go on, and HurryFor ends it too.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 500*time.Millisecond)
		defer cancel()
		defer context.AfterFunc(s.goodbye, cancel)()
		cresp, cerr := s.roundTrip(cctx, "tasks/cancel", "", cancelParams)
		if ctx.Err() != nil {
			return resp, &TaskCancelledError{TaskID: id, Status: cancelStatus(cresp, cerr), Err: err}
		}
	}
	if timedOut && ctx.Err() == nil {
		return resp, &WireError{Cause: CauseTaskTimeout, Transport: te.Transport, Err: err,
			Message: fmt.Sprintf("task %q did not end within %s (tasks/result id %s got no answer); mcpscope cancelled it with tasks/cancel", clip.Quote(id, 64), te.After, te.ID)}
	}
	return resp, err
}

// TaskCancelledError is a tool call given up on (ctx ended) while the task
// it made ran: the task was cancelled with tasks/cancel, and Status is what
// that got. It unwraps to the wait's own error (context.Canceled), so it
// is a cancellation wherever one is looked for.
type TaskCancelledError struct {
	TaskID string
	// Status is the task's status in tasks/cancel's answer ("cancelled"),
	// or why there is none: the server's error, or no answer.
	Status string
	Err    error
}

func (e *TaskCancelledError) Error() string {
	return fmt.Sprintf("%v; tasks/cancel for task %q: %s", e.Err, clip.Quote(e.TaskID, 64), e.Status)
}

func (e *TaskCancelledError) Unwrap() error { return e.Err }

// cancelStatus is what tasks/cancel got, in words: the status its answer
// gives the task, the server's error, or that no answer came.
func cancelStatus(resp *Response, err error) string {
	switch {
	case err != nil:
		return "no answer (" + err.Error() + ")"
	case resp == nil:
		return "no answer"
	case resp.Error != nil:
		// Headline: an error object with no code read "refused: 0".
		return "refused: " + resp.Error.Headline() + " " + clip.Quote(resp.Error.Message, 120)
	}
	var status string
	if r, ok := objectOf(resp.Result, 1); ok && r.DecodeField("status", &status) == nil && status != "" {
		return "status " + clip.Quote(status, 64)
	}
	return "answered without a status"
}
