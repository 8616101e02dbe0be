package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// slowReaderTries runs try with readerStall set and the records it feeds a
// fifth of readerStall apart (gap): the reader never stalls, and takes 1.4
// times readerStall to get to the last, past any total the size of
// readerStall. A loaded machine that holds a goroutine four gaps past one
// makes a stall the product rightly gives up on, so a try that failed (try
// says how; "" when it held) is tried again with readerStall twice as long,
// up to 8s. A product that waits on a total fails every try, each taking
// longer than readerStall; what the last try said is returned.
func slowReaderTries(t *testing.T, try func(gap time.Duration) string) string {
	setFor(t, &readerStall, readerStall)
	for stall := 2 * time.Second; ; stall *= 2 {
		readerStall = stall
		failed := try(stall / 5)
		if failed == "" || stall >= 8*time.Second {
			return failed
		}
	}
}

// endedWithin fails the test with why unless done is closed within a
// minute: a hang fails with a reason instead of at go test's timeout.
func endedWithin(t *testing.T, done <-chan struct{}, why string) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal(why)
	}
}

// The notes before an answer wait for a record reader that keeps reading,
// however long it takes in all: a flood of 5,000 log messages read under
// -race on a loaded machine outlasted a 2 s total, and the notes were
// printed half-way, the rest later, whole, without the "… N more" line.
// A reader that reads nothing for readerStall is given up on, so a stuck
// session does not hang exec.
func TestNotesWaitForAReaderThatKeepsReading(t *testing.T) {
	const records = 7
	var n *notes
	failed := slowReaderTries(t, func(gap time.Duration) string {
		n = newNotes("")
		var out strings.Builder // read once done says print is done
		var took time.Duration
		done := make(chan struct{})
		start := time.Now()
		go func() {
			n.print(&out, (&printer{}).hanging, records, "", "", false)
			took = time.Since(start)
			close(done)
		}()
		for seq := int64(1); seq <= records; seq++ {
			time.Sleep(gap) // the pace of a slow reader, not a wait for anything
			n.record(logRecord(seq, fmt.Sprintf("m%d", seq)))
		}
		endedWithin(t, done, "the notes were not printed with the reader at the answer")
		if want := fmt.Sprintf("· log info: m%d\n", records); !strings.HasSuffix(out.String(), want) {
			return fmt.Sprintf("after %s the notes printed were\n%s\nwant every one, to %q", took, out.String(), want)
		}
		return ""
	})
	if failed != "" {
		t.Error(failed)
	}

	// A reader stuck short of the answer is given up on after readerStall
	// without a record, and what it read is printed.
	readerStall = 50 * time.Millisecond
	n.record(logRecord(records+1, "read"))
	var stuck strings.Builder
	done := make(chan struct{})
	go func() {
		n.print(&stuck, (&printer{}).hanging, records+100, "", "", false)
		close(done)
	}()
	endedWithin(t, done, "exec waited on for a reader that read nothing")
	if want := "· log info: read\n"; stuck.String() != want {
		t.Errorf("a stuck reader's notes printed %q, want %q", stuck.String(), want)
	}
}

// logRecord is a log message the server sent, read as record seq.
func logRecord(seq int64, text string) mcp.Record {
	return mcp.Record{Seq: seq, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/message",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"` + text + `"}}`)}}
}

// --linger waits for the record reader as the notes do, for as long as it
// keeps reading: a reader that took longer than a 2 s total to get to the
// record saying the stream is over had exec say it was lingering, on a
// stream already over.
func TestLingerWaitsForAReaderThatKeepsReading(t *testing.T) {
	const records = 7
	failed := slowReaderTries(t, func(gap time.Duration) string {
		l := newLiveStream()
		var out strings.Builder // read once linger is done
		done := make(chan struct{})
		go func() {
			l.linger(context.Background(), time.Hour, records, &out, true)
			close(done)
		}()
		for seq := int64(1); seq < records; seq++ {
			time.Sleep(gap) // the pace of a slow reader, not a wait for anything
			l.record(logRecord(seq, "m"))
		}
		time.Sleep(gap)
		l.record(mcp.Record{Seq: records, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateGetStream, Over: true, Detail: "no GET stream"}})
		endedWithin(t, done, "linger went on with the stream over")
		if want := "not lingering: no notification can come, the GET stream for them is over for good: no GET stream\n"; out.String() != want {
			return fmt.Sprintf("linger said %q, want %q", out.String(), want)
		}
		return ""
	})
	if failed != "" {
		t.Error(failed)
	}
}
