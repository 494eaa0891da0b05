// The check reads the item's own state and the write changes that state on the same table, keyed by the row read:
// a check-then-act on the same row and column; reported at the check.
package com.example.idem004.pos15;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class ShipService {

    private final ItemMapper itemMapper;

    public ShipService(ItemMapper itemMapper) {
        this.itemMapper = itemMapper;
    }

    public void ship(long itemId) {
        Item item = itemMapper.selectItem(itemId);
        if ("PAID".equals(item.getStatus())) { // expect: IDEM004 "two separate steps"
            itemMapper.shipItem(item.getId());
        }
    }
}

@Mapper
interface ItemMapper {

    @Select("SELECT i.id, i.status FROM shop_order_item i JOIN shop_order o ON o.id = i.order_id WHERE i.id = #{id}")
    Item selectItem(@Param("id") long id);

    @Update("UPDATE shop_order_item SET status = 'SHIPPED' WHERE id = #{id}")
    int shipItem(@Param("id") long id);
}

class Item {
    private long id;
    private String status;

    public long getId() { return id; }
    public String getStatus() { return status; }
}
