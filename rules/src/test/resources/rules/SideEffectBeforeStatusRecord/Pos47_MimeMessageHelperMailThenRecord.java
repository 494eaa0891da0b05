// The item reaches the mail through a MimeMessageHelper wrapped around the MimeMessage that is sent; the log row is flipped to SENT after the send. A crash between them sends the mail again: finding on send.
package com.example.pos47;

import javax.mail.internet.MimeMessage;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;

public class InvoiceMailer {

    private final JavaMailSender sender;
    private final InvoiceMailMapper mails;

    public InvoiceMailer(JavaMailSender sender, InvoiceMailMapper mails) {
        this.sender = sender;
        this.mails = mails;
    }

    public void deliver(InvoiceMail im) throws Exception {
        MimeMessage msg = sender.createMimeMessage();
        MimeMessageHelper h = new MimeMessageHelper(msg, false, "UTF-8");
        h.setTo(im.getAddress());
        h.setSubject("Invoice " + im.getInvoiceNo());
        h.setText(im.getHtml(), true);
        sender.send(msg); // expect: IDEM001 "sends a mail"
        mails.markSent(im.getId());
    }
}

@Mapper
interface InvoiceMailMapper {
    @Update("UPDATE invoice_mail SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

class InvoiceMail {
    private long id;
    private String address;
    private String invoiceNo;
    private String html;

    public long getId() { return id; }
    public String getAddress() { return address; }
    public String getInvoiceNo() { return invoiceNo; }
    public String getHtml() { return html; }
}
