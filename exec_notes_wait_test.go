package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// The notes before an answer wait for a record reader that keeps reading,
// however long it takes in all: a flood of 5,000 log messages read under
// -race on a loaded machine outlasted a 2 s total, and the notes were
// printed half-way, the rest later, whole, without the "… N more" line.
// A reader that reads nothing for readerStall is given up on, so a stuck
// session does not hang exec.
func TestNotesWaitForAReaderThatKeepsReading(t *testing.T) {
	setFor(t, &readerStall, 2*time.Second)
	// Seven records a fifth of readerStall apart: the reader never stalls
	// (a loaded machine would have to hold this goroutine 1.6 s past a
	// gap), and takes 1.4 times readerStall to get to the last.
	const records, gap = 7, 400 * time.Millisecond
	n := newNotes("")
	var out strings.Builder // read once printed says print is done
	printed := make(chan time.Duration, 1)
	start := time.Now()
	go func() {
		n.print(&out, records, "", "")
		printed <- time.Since(start)
	}()
	for seq := int64(1); seq <= records; seq++ {
		time.Sleep(gap) // the pace of a slow reader, not a wait for anything
		n.record(logRecord(seq, fmt.Sprintf("m%d", seq)))
	}
	select {
	case took := <-printed:
		if want := fmt.Sprintf("· log info: m%d\n", records); !strings.HasSuffix(out.String(), want) {
			t.Errorf("after %s the notes printed were\n%s\nwant every one, to %q", took, out.String(), want)
		}
	case <-time.After(time.Minute):
		t.Fatal("the notes were not printed with the reader at the answer")
	}

	// A reader stuck short of the answer is given up on after readerStall
	// without a record, and what it read is printed.
	readerStall = 50 * time.Millisecond
	n.record(logRecord(records+1, "read"))
	var stuck strings.Builder
	done := make(chan struct{})
	go func() {
		n.print(&stuck, records+100, "", "")
		close(done)
	}()
	select {
	case <-done:
		if want := "· log info: read\n"; stuck.String() != want {
			t.Errorf("a stuck reader's notes printed %q, want %q", stuck.String(), want)
		}
	case <-time.After(time.Minute):
		t.Fatal("exec waited on for a reader that read nothing")
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
	setFor(t, &readerStall, 2*time.Second)
	const records, gap = 7, 400 * time.Millisecond
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
	select {
	case <-done:
		if want := "not lingering: no notification can come, the GET stream for them is over for good: no GET stream\n"; out.String() != want {
			t.Errorf("linger said %q, want %q", out.String(), want)
		}
	case <-time.After(time.Minute):
		t.Fatal("linger went on with the stream over")
	}
}
