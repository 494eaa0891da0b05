// ReceiptChannel has two implementations in these sources: the first only inserts a local archive row, the second
// posts the receipt to a partner over HTTP. The call deliver(..) may run either, so it stands for the worst of them,
// the remote post, not for the first implementation found: the finding says it calls a remote service.
package com.example.pos111;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class ReceiptJob {
    private ReceiptChannel channel;
    private ReceiptMapper receipts;

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Receipt r : receipts.selectPending()) {
            channel.deliver(r.getId()); // expect: IDEM001 "calls a remote service"
            receipts.markDelivered(r.getId());
        }
    }
}

interface ReceiptChannel {
    void deliver(long receiptId);
}

class ArchiveReceiptChannel implements ReceiptChannel {
    private ReceiptMapper receipts;

    @Override
    public void deliver(long receiptId) {
        receipts.insertArchive(receiptId);
    }
}

class PartnerReceiptChannel implements ReceiptChannel {
    private final RestTemplate rest = new RestTemplate();

    @Override
    public void deliver(long receiptId) {
        rest.postForObject("https://partner.example.com/receipts", receiptId, String.class);
    }
}

@Mapper
interface ReceiptMapper {
    @Select("SELECT id FROM receipt WHERE status = 'PENDING'")
    List<Receipt> selectPending();

    @Insert("INSERT INTO receipt_archive (receipt_id) VALUES (#{id})")
    int insertArchive(@Param("id") long id);

    @Update("UPDATE receipt SET status = 'DELIVERED' WHERE id = #{id} AND status = 'PENDING'")
    int markDelivered(@Param("id") long id);
}

class Receipt {
    private long id;

    long getId() { return id; }
}
