package demo;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

// an outside cron POSTs /internal/settlements/run every night; no path word says "job"
@RestController
@RequestMapping("/internal/settlements")
public class SettlementController {
    SettlementMapper settlements;
    PaymentClient paymentClient;

    @PostMapping("/run")
    public int run() { // expect: IDEM007 "SettlementController.run() runs charge() before markSettled()"
        List<Settlement> due = settlements.selectDue();
        for (Settlement s : due) {
            paymentClient.charge(s.getUserId(), s.getAmount());
            settlements.markSettled(s.getId());
        }
        return due.size();
    }

    @PostMapping("/refunds")
    public void refunds() { // expect: IDEM007 "SettlementController.refunds() runs refund() before markRefunded()"
        settlements.selectRefundable().forEach(s -> {
            paymentClient.refund(s.getUserId(), s.getAmount());
            settlements.markRefunded(s.getId());
        });
    }
}

@Mapper
interface SettlementMapper {
    @Select("SELECT id, user_id, amount FROM settlement WHERE status = 'PENDING'")
    List<Settlement> selectDue();

    @Select("SELECT id, user_id, amount FROM settlement WHERE refund_status = 'REQUESTED'")
    List<Settlement> selectRefundable();

    @Update("UPDATE settlement SET status = 'SETTLED' WHERE id = #{id}")
    int markSettled(@Param("id") long id);

    @Update("UPDATE settlement SET refund_status = 'REFUNDED' WHERE id = #{id}")
    int markRefunded(@Param("id") long id);
}

class Settlement {
    long getId() { return 1; }
    long getUserId() { return 2; }
    long getAmount() { return 3; }
}
