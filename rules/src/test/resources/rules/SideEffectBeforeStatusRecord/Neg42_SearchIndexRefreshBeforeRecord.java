// Before a promotion row is closed, a message asks the search service to refresh the goods' index entry; a repeated refresh converges to the same index, so a restart repeating it does no harm: no finding.
package com.example.neg42;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class PromotionCloser {

    private final PromotionMapper promotions;
    private final RocketMQTemplate mq;

    public PromotionCloser(PromotionMapper promotions, RocketMQTemplate mq) {
        this.promotions = promotions;
        this.mq = mq;
    }

    @Scheduled(cron = "0 */5 * * * *")
    public void closeEnded() {
        for (Promotion p : promotions.selectEnded()) {
            updateGoodsIndex(p);
            promotions.markClosed(p.getId());
        }
    }

    private void updateGoodsIndex(Promotion p) {
        mq.syncSend("goods-index-refresh", p.getGoodsId());
    }
}

@Mapper
interface PromotionMapper {
    @Select("SELECT id, goods_id FROM promotion WHERE status = 'ACTIVE' AND end_time < NOW()")
    List<Promotion> selectEnded();

    @Update("UPDATE promotion SET status = 'CLOSED' WHERE id = #{id}")
    int markClosed(@Param("id") long id);
}

class Promotion {
    private long id;
    private String goodsId;

    public long getId() { return id; }
    public String getGoodsId() { return goodsId; }
}
