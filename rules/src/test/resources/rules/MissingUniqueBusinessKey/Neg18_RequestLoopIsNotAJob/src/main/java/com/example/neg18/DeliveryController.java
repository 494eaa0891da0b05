// A web request loops over the items it names (rows read by their ids) and inserts a package item per item: no job
// runs it, and a loop over the rows a request names is not a batch over work items selected by status.
package com.example.neg18;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class DeliveryController {

    private OrderItemMapper items;
    private PackageItemMapper packageItems;

    @PostMapping("/deliveries")
    public void partDelivery(List<Long> itemIds, String packageNo) {
        for (OrderItem item : items.selectByIds(itemIds)) {
            packageItems.insertItem(packageNo, item.getOrderSn(), item.getId());
        }
    }
}

class OrderItem {
    private Long id;
    private String orderSn;

    public Long getId() { return id; }
    public String getOrderSn() { return orderSn; }
}

@Mapper
interface OrderItemMapper {
    @Select("SELECT * FROM li_order_item WHERE id IN (#{ids})")
    List<OrderItem> selectByIds(@Param("ids") List<Long> ids);
}

@Mapper
interface PackageItemMapper {
    @Insert("INSERT INTO li_order_package_item (package_no, order_sn, order_item_id) VALUES (#{p}, #{o}, #{i})")
    int insertItem(@Param("p") String packageNo, @Param("o") String orderSn, @Param("i") long itemId);
}
