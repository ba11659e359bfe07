"""The conversation of one session: the system message, the prompt's worked example (if any),
then one segment of messages per test.

In `single` mode segments accumulate; `evict_oldest` drops whole finished segments from the
front (the system message and the worked example always stay) and every eviction is recorded.
`rebuilt` makes the conversation an interrupted single session held after its finished tests,
from what their transcript lines recorded (messages and evictions), so a resume goes on from the
next test (lab.records.recovery).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from lab.models.messages import Message


@dataclass
class Segment:
    test_id: str
    messages: list[Message] = field(default_factory=list)


@dataclass
class Conversation:
    system: Message
    preamble: list[Message] = field(default_factory=list)   # the worked example, never evicted
    segments: list[Segment] = field(default_factory=list)
    evicted: list[str] = field(default_factory=list)     # test ids, oldest first

    def begin(self, test_id: str) -> Segment:
        seg = Segment(test_id)
        self.segments.append(seg)
        return seg

    def add(self, message: Message) -> None:
        self.segments[-1].messages.append(message)

    def messages(self) -> list[Message]:
        out = [self.system, *self.preamble]
        for s in self.segments:
            out.extend(s.messages)
        return out

    def can_evict(self) -> bool:
        return len(self.segments) > 1          # never the test in progress

    def evict_oldest(self) -> Segment:
        seg = self.segments.pop(0)
        self.evicted.append(seg.test_id)
        return seg


def rebuilt(conv: Conversation, results: Sequence[Any]) -> Conversation:
    """`conv` (its system message and worked example) holding the finished tests `results` of a
    single session, as it held them after the last: their messages, less the segments their
    evictions dropped. A resume keeps only tests that can rebuild it
    (lab.records.recovery.rebuild_problem)."""
    for r in results:
        conv.begin(r.test_id)
        for ev in r.evictions:
            for _ in ev.get("dropped") or []:
                conv.evict_oldest()
        for m in r.messages:
            conv.add(Message.from_dict(m))
    return conv
