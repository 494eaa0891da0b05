// The mail built through the helper carries only fixed operator text; the item only gets its own row updated. The mail is not the item's effect, so the update after it records nothing about it: no finding.
package com.example.neg37;

import javax.mail.internet.MimeMessage;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;

public class ArchiveStep {

    private static final String OPS = "ops@example.com";
    private final JavaMailSender sender;
    private final ArchiveMapper archive;

    public ArchiveStep(JavaMailSender sender, ArchiveMapper archive) {
        this.sender = sender;
        this.archive = archive;
    }

    public void archive(long batchId) throws Exception {
        MimeMessage msg = sender.createMimeMessage();
        MimeMessageHelper h = new MimeMessageHelper(msg);
        h.setTo(OPS);
        h.setText("An archive run started.");
        sender.send(msg);
        archive.markArchived(batchId);
    }
}

@Mapper
interface ArchiveMapper {
    @Update("UPDATE batch SET status = 'ARCHIVED' WHERE id = #{id}")
    int markArchived(@Param("id") long id);
}
