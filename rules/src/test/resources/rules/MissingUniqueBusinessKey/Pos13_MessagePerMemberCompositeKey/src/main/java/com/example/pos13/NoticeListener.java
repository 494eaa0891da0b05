// A broadcast notice inserts one row per member from a message listener; a redelivery inserts every member's copy
// again. The key is (message_id, member_id), not message_id alone: one message has a row per member.
package com.example.pos13;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.kafka.annotation.KafkaListener;

public class NoticeListener {

    private MemberMessageMapper messages;
    private MemberMapper members;

    @KafkaListener(topics = "notice")
    public void onNotice(Notice notice) {
        for (Long memberId : members.selectAllIds()) {
            MemberMessage m = new MemberMessage();
            m.setMessageId(notice.getId());
            m.setMemberId(memberId);
            m.setTitle(notice.getTitle());
            messages.insert(m);
        }
    }
}

class Notice {
    private Long id;
    private String title;

    public Long getId() { return id; }
    public String getTitle() { return title; }
}

@TableName("li_member_message")
class MemberMessage {
    private Long id;
    private Long messageId;
    private Long memberId;
    private String title;

    public void setMessageId(Long v) { messageId = v; }
    public void setMemberId(Long v) { memberId = v; }
    public void setTitle(String v) { title = v; }
}

@Mapper
interface MemberMessageMapper extends BaseMapper<MemberMessage> {
}

@Mapper
interface MemberMapper {
    @Select("SELECT id FROM li_member")
    List<Long> selectAllIds();
}
