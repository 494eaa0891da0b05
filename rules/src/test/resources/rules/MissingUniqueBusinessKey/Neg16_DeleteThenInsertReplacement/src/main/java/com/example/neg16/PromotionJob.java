// The job replaces a promotion's goods row: it deletes the promotion's rows and inserts the new one in one
// transaction. A re-run deletes and inserts again: still one row, not two.
package com.example.neg16;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.annotation.Transactional;

public class PromotionJob {

    private PromotionGoodsMapper goodsMapper;

    @Scheduled(cron = "0 0 * * * *")
    @Transactional
    public void refresh() {
        for (Promotion p : goodsMapper.selectStarting()) {
            PromotionGoods g = new PromotionGoods();
            g.setPromotionId(p.getId());
            g.setScopeType(p.getScopeType());
            goodsMapper.deleteByPromotion(p.getId());
            goodsMapper.insert(g);
        }
    }
}

@TableName("li_promotion_goods")
class PromotionGoods {
    private Long id;
    private Long promotionId;
    private String scopeType;

    public void setPromotionId(Long v) { promotionId = v; }
    public void setScopeType(String v) { scopeType = v; }
}

class Promotion {
    private Long id;
    private String scopeType;

    public Long getId() { return id; }
    public String getScopeType() { return scopeType; }
}

@Mapper
interface PromotionGoodsMapper extends BaseMapper<PromotionGoods> {
    @Select("SELECT * FROM li_promotion WHERE status = 'STARTING'")
    List<Promotion> selectStarting();

    @Delete("DELETE FROM li_promotion_goods WHERE promotion_id = #{id}")
    int deleteByPromotion(Long id);
}
